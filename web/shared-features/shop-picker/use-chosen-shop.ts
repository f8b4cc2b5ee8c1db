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

/** The chosen shop's name now, for code outside React (null while there is one shop, or before the list has come). */
export function chosenShopName(): string | null {
  const { locations } = useLocations.getState();
  return hasSeveralShops(locations) ? (findShop(locations, currentShopId())?.name ?? null) : null;
}
