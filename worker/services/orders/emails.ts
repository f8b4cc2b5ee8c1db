/** An order's e-mails, queued in the outbox as inserts for the batch that makes the change they report. */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderStatus } from "#common/orders";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { customerOrderEmail } from "#worker/emails/order-customer";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import { shopOrderEmail } from "#worker/emails/order-shop";
import { orderCancelledEmail, orderReadyEmail } from "#worker/emails/order-status";
import type { Env } from "#worker/env";
import { queueEmail } from "#worker/services/outbox";
import type { LoadedOrder } from "./loading";
import { toOrderEmailDetails } from "./shapes";

/** Outbox inserts, and the ids to deliver once their batch has committed. */
export interface QueuedEmails {
  ids: string[];
  statements: BatchItem<"sqlite">[];
}

/** The shop's copy and the customer's confirmation of a new (or newly paid) order. */
export function newOrderEmails(db: Database, env: Pick<Env, "SHOP_EMAIL">, details: OrderEmailDetails): QueuedEmails {
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

/** The customer hears when the order is ready and when the shop cancels it; the other steps are quiet. */
export async function statusEmail(
  db: Database,
  order: LoadedOrder,
  status: OrderStatus,
  cancellation: { reason: string; refundedCents: number | null },
): Promise<QueuedEmails> {
  const { row } = order;
  if ((status !== "ready" && status !== "cancelled") || !row.customerEmail) return { ids: [], statements: [] };
  const [location] = await db.select().from(locations).where(eq(locations.id, row.locationId));
  if (!location) return { ids: [], statements: [] };
  const details = toOrderEmailDetails(order);
  const rendered =
    status === "ready" ? orderReadyEmail(details, location) : orderCancelledEmail(details, location, cancellation);
  const kind = status === "ready" ? "order-ready" : "order-cancelled";
  const queued = queueEmail(db, { kind, to: row.customerEmail, ...rendered, orderId: row.id });
  return { ids: [queued.id], statements: [queued.statement] };
}
