/** An order's e-mails: the shop's copy and the customer's confirmation, queued in the outbox. */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import { customerOrderEmail } from "#worker/emails/order-customer";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import { shopOrderEmail } from "#worker/emails/order-shop";
import type { Env } from "#worker/env";
import { queueEmail } from "#worker/services/outbox";
import { itemsByOrder, pickupsByOrder, toOrderLine } from "./reading";

/** The shop's copy and the customer's confirmation, as outbox inserts to put in the batch that reports them. */
export function orderEmailStatements(
  db: Database,
  env: Pick<Env, "SHOP_EMAIL">,
  details: OrderEmailDetails,
): { ids: string[]; statements: BatchItem<"sqlite">[] } {
  const outgoing = [
    { kind: "order-shop", to: env.SHOP_EMAIL, ...shopOrderEmail(details) },
    // A provider may withhold the address (Apple's private relay aside, it can be empty).
    ...(details.customerEmail
      ? [{ kind: "order-customer", to: details.customerEmail, ...customerOrderEmail(details) }]
      : []),
  ];
  const queued = outgoing.map((email) => queueEmail(db, { ...email, orderId: details.orderId }));
  return { ids: queued.map((entry) => entry.id), statements: queued.map((entry) => entry.statement) };
}

/** Everything the e-mails need about an order already in D1. */
export async function loadOrderEmailDetails(db: Database, orderId: string): Promise<OrderEmailDetails | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, pickups] = await Promise.all([itemsByOrder(db, [orderId]), pickupsByOrder(db, [orderId])]);
  return {
    pickup: pickups.get(orderId) ?? null,
    orderId: row.id,
    createdAt: row.createdAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    phone: row.phone,
    totalCents: row.totalCents,
    paymentMode: row.paymentMode,
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    deliveryFeeCents: row.deliveryFeeCents,
    lines: (items.get(orderId) ?? []).map(toOrderLine),
  };
}
