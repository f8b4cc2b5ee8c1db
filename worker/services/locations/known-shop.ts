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

/** The shop a request names, or a 400 naming the field that named it (`location`, `locationId`). */
export async function requireKnownShop(db: Database, id: string, field: string): Promise<KnownShop> {
  const [shop] = await db
    .select({ id: locations.id, name: locations.name, takesOnlineOrders: locations.takesOnlineOrders })
    .from(locations)
    .where(eq(locations.id, id));
  if (!shop) throw badRequest(`${field}: no shop has this id`, field);
  return shop;
}

/** As requireKnownShop, and a 409 `location_not_online` for a shop shoppers cannot order from. */
export async function requireOnlineShop(db: Database, id: string, field: string): Promise<KnownShop> {
  const shop = await requireKnownShop(db, id, field);
  if (!shop.takesOnlineOrders) {
    throw new ApiError(409, LOCATION_NOT_ONLINE, `${shop.name} does not take online orders`, field);
  }
  return shop;
}
