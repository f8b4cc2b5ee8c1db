import { useEffect } from "react";
import { currentShopId, useShopId } from "#web/lib/shop-store";
import { findShop, hasSeveralShops, useLocations } from "./locations-store";

/** The chosen shop as listed (null while there is one shop, or before the list has come). */
export function useChosenShop() {
  const locations = useLocations((state) => state.locations);
  const shopId = useShopId();
  useEffect(() => {
    void useLocations.getState().load();
  }, []);
  if (!hasSeveralShops(locations)) return null;
  return { shop: findShop(locations, shopId), locations };
}

/**
 * Whether the shop list has answered, or failed once: a page that names the shop waits for it
 * rather than push its content down when the name arrives. Asks for the list.
 */
export function useShopsSettled(): boolean {
  const settled = useLocations((state) => state.locations !== null || state.failed);
  useEffect(() => {
    void useLocations.getState().load();
  }, []);
  return settled;
}

/** The chosen shop's name now, for code outside React (null while there is one shop, or before the list has come). */
export function chosenShopName(): string | null {
  const { locations } = useLocations.getState();
  return hasSeveralShops(locations) ? (findShop(locations, currentShopId())?.name ?? null) : null;
}
