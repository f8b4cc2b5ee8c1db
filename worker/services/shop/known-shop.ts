/**
 * The one turn from a shop's id into a known shop, and the one wording of its two refusals: every
 * route and service that takes a shop asks here (docs/decisions/0043-one-room-for-the-shop.md).
 */
import { eq } from "drizzle-orm";
import { LOCATION_NOT_ONLINE } from "#common/locations";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { ApiError, badRequest } from "#worker/lib/errors";

export interface KnownShop {
  id: string;
  name: string;
  takesOnlineOrders: boolean;
}

/**
 * The shop `found` names, or a 400 naming `field` (`location`, `locationId`) when there is none:
 * for a caller that read the shop's row in a batch of its own.
 */
export function knownShop<Shop>(found: Shop | null | undefined, field: string): Shop {
  if (!found) throw badRequest(`${field}: no shop has this id`, field);
  return found;
}

/** As knownShop, and a 409 `location_not_online` for a shop shoppers cannot order from. */
export function onlineShop<Shop extends Pick<KnownShop, "name" | "takesOnlineOrders">>(
  found: Shop | null | undefined,
  field: string,
): Shop {
  const shop = knownShop(found, field);
  if (!shop.takesOnlineOrders) {
    throw new ApiError(
      409,
      LOCATION_NOT_ONLINE,
      `${shop.name} does not take online orders. Choose another shop to order from.`,
      field,
    );
  }
  return shop;
}

/** The shop `id` names, read here; refused as knownShop refuses. */
export async function requireKnownShop(db: Database, id: string, field: string): Promise<KnownShop> {
  const [shop] = await shopById(db, id);
  return knownShop(shop, field);
}

/** The shop `id` names, read here; refused as onlineShop refuses. */
export async function requireOnlineShop(db: Database, id: string, field: string): Promise<KnownShop> {
  const [shop] = await shopById(db, id);
  return onlineShop(shop, field);
}

function shopById(db: Database, id: string) {
  return db
    .select({ id: locations.id, name: locations.name, takesOnlineOrders: locations.takesOnlineOrders })
    .from(locations)
    .where(eq(locations.id, id));
}
