import { useEffect } from "react";
import type { Order } from "#common/orders";
import { findShop, hasSeveralShops, useLocations } from "#web/shared-features/shop-picker/locations-store";

/**
 * The shop an order was placed at, as the shops list names it: null while there is one shop.
 */
export function useOrderShop(order: Order): { name: string } | null {
  const locations = useLocations((state) => state.locations);
  useEffect(() => {
    void useLocations.getState().load();
  }, []);
  if (!hasSeveralShops(locations)) return null;
  return findShop(locations, order.locationId);
}
