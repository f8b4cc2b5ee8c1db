/** The shop an order is placed at: whether it exists and takes online orders, and where its e-mails go. */
import { eq } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { ApiError } from "#worker/lib/errors";

export interface OrderShop {
  id: string;
  name: string;
  /** The shop's own inbox for its order e-mails; null sends them to the company's. */
  orderInbox: string | null;
  takesOnlineOrders: boolean;
}

/** The shop's row as an order needs it, as a query (for a batch of its own or another's). */
export function orderShopQuery(db: Database, locationId: string) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      orderInbox: locations.orderInbox,
      takesOnlineOrders: locations.takesOnlineOrders,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
}

export async function findOrderShop(db: Database, locationId: string): Promise<OrderShop | undefined> {
  const [shop] = await orderShopQuery(db, locationId);
  return shop;
}

/**
 * The shop a new order names (its row, as `orderShopQuery` read it), refused before anything else
 * is checked: 400 naming `locationId` for an id that is no shop, 409 `location_not_online` for a
 * shop that does not take online orders.
 */
export function shopTakingOrders(shop: OrderShop | undefined): OrderShop {
  if (!shop) throw new ApiError(400, "invalid_input", "Unknown shop: locationId names no shop", "locationId");
  if (!shop.takesOnlineOrders) {
    throw new ApiError(
      409,
      "location_not_online",
      `${shop.name} does not take online orders. Choose another shop to order from.`,
      "locationId",
    );
  }
  return shop;
}

/** Where a shop's copy of its orders goes: its own inbox, else the company's. */
export function shopInbox(shop: Pick<OrderShop, "orderInbox">, env: Pick<Env, "SHOP_EMAIL">): string {
  return shop.orderInbox?.trim() || env.SHOP_EMAIL;
}
