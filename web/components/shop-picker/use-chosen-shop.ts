import { useEffect } from "react";
import { useShopId } from "#web/lib/shop-store";
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
