import { useContext, useEffect } from "react";
import type { ShopDetails } from "#common/shop-details";
import { RenderedShopContext } from "#web/lib/rendered-shop";
import { useShopId } from "#web/lib/shop-store";
import { useHydrated } from "#web/lib/use-hydrated";
import { findShop, hasSeveralShops, useLocations } from "./locations-store";

/**
 * The chosen shop's words (name, address, phone, delivery: common/shop-details.ts), or null for
 * the business's. While the HTML is hydrated: the shop the page was rendered with (none for the
 * home page). Then the chosen shop as listed by GET /api/locations (which the header asks for on
 * every page anyway), keeping the rendered shop's words until the list has come; with one shop,
 * or none chosen, the business's.
 */
export function useShopDetails(): ShopDetails | null {
  const rendered = useContext(RenderedShopContext);
  const hydrated = useHydrated();
  const shopId = useShopId();
  const locations = useLocations((state) => state.locations);
  useEffect(() => {
    if (shopId) void useLocations.getState().load();
  }, [shopId]);
  if (!hydrated) return rendered;
  if (!shopId) return null;
  if (locations) {
    const listed = hasSeveralShops(locations) ? findShop(locations, shopId) : null;
    return listed
      ? {
          id: listed.id,
          name: listed.name,
          address: listed.address,
          phone: listed.phone,
          offersDelivery: listed.offersDelivery,
        }
      : null;
  }
  return rendered?.id === shopId ? rendered : null;
}
