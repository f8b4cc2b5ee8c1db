/** The shop an order is placed at, as the order needs it: its name and where its e-mails go. */
import { eq } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import type { Env } from "#worker/env";

export interface OrderShop {
  id: string;
  name: string;
  /** The shop's own inbox for its order e-mails; null sends them to the company's. */
  orderInbox: string | null;
  takesOnlineOrders: boolean;
  /** Its calendar: a promo code's dates are the shop's days. */
  timeZone: string;
  /** Where a pickup is collected. */
  address: string;
  /** What a delivery from it costs. */
  deliveryFeeCents: number;
}

/** The shop's row as an order needs it, as a query (for a batch of its own or another's). */
export function orderShopQuery(db: Database, locationId: string) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      orderInbox: locations.orderInbox,
      takesOnlineOrders: locations.takesOnlineOrders,
      timeZone: locations.timeZone,
      address: locations.address,
      deliveryFeeCents: locations.deliveryFeeCents,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
}

export async function findOrderShop(db: Database, locationId: string): Promise<OrderShop | undefined> {
  const [shop] = await orderShopQuery(db, locationId);
  return shop;
}

/** Where a shop's copy of its orders goes: its own inbox, else the company's. */
export function shopInbox(shop: Pick<OrderShop, "orderInbox">, env: Pick<Env, "SHOP_EMAIL">): string {
  return shop.orderInbox?.trim() || env.SHOP_EMAIL;
}
