import type { ShopDetails } from "#common/shop-details";
import { hasSeveralShops, useLocations } from "./locations-store";

/**
 * The listed shops' details (GET /api/locations, which the header asks for anyway), loaded apart
 * from the page's first code: empty while there is one shop (the business's words then), null
 * when the list could not be had.
 */
export async function listedShopDetails(): Promise<ShopDetails[] | null> {
  const locations = await useLocations.getState().load();
  if (!locations) return null;
  if (!hasSeveralShops(locations)) return [];
  return locations.map(({ id, name, address, phone, offersDelivery }) => ({
    id,
    name,
    address,
    phone,
    offersDelivery,
  }));
}
