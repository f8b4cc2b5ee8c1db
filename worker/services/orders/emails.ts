/** An order's e-mails, queued in the outbox as inserts for the batch that makes the change they report. */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderStatus } from "#common/orders";
import type { Database } from "#worker/db/client";
import { emailOutbox, locations } from "#worker/db/schema";
import { customerOrderEmail } from "#worker/emails/order-customer";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import { orderBackOnEmail } from "#worker/emails/order-recalled";
import { shopOrderEmail } from "#worker/emails/order-shop";
import {
  orderCancelledEmail,
  orderReadyEmail,
  orderRefundedEmail,
  type CancellationRefund,
} from "#worker/emails/order-status";
import type { Env } from "#worker/env";
import { queueEmail } from "#worker/services/outbox/email";
import type { LoadedOrder } from "./loading";
import { shopInbox, type OrderShop } from "./order-shop";
import { toOrderEmailDetails } from "./shapes";

/** Outbox inserts, and the ids to deliver once their batch has committed. */
export interface QueuedEmails {
  ids: string[];
  statements: BatchItem<"sqlite">[];
}

/** The shop's copy (to that shop's inbox) and the customer's confirmation of a new (or newly paid) order. */
export function newOrderEmails(
  db: Database,
  env: Pick<Env, "SHOP_EMAIL">,
  shop: Pick<OrderShop, "orderInbox">,
  details: OrderEmailDetails,
): QueuedEmails {
  const outgoing = [
    // To the shop the order was placed at (its own inbox, else the company's).
    { kind: "order-shop", to: shopInbox(shop, env), ...shopOrderEmail(details) },
    // A provider may withhold the address (Apple's private relay aside, it can be empty).
    ...(details.customerEmail
      ? [{ kind: "order-customer", to: details.customerEmail, ...customerOrderEmail(details) }]
      : []),
  ];
  const queued = outgoing.map((email) => queueEmail(db, { ...email, orderId: details.orderId }));
  return { ids: queued.map((entry) => entry.id), statements: queued.map((entry) => entry.statement) };
}

const NO_EMAILS: QueuedEmails = { ids: [], statements: [] };

/** The customer hears when the order is ready and when the shop cancels it; the other steps are quiet. */
export async function statusEmail(
  db: Database,
  order: LoadedOrder,
  status: OrderStatus,
  cancellation: { reason: string; refund: CancellationRefund },
): Promise<QueuedEmails> {
  const { row } = order;
  if ((status !== "ready" && status !== "cancelled") || !row.customerEmail) return NO_EMAILS;
  const [location] = await db.select().from(locations).where(eq(locations.id, row.locationId));
  if (!location) return NO_EMAILS;
  const details = toOrderEmailDetails(order);
  const rendered =
    status === "ready" ? orderReadyEmail(details, location) : orderCancelledEmail(details, location, cancellation);
  return queueOne(db, order, status === "ready" ? "order-ready" : CANCELLED_KIND[cancellation.refund.state], rendered);
}

function queueOne(
  db: Database,
  order: LoadedOrder,
  kind: string,
  rendered: { subject: string; html: string; text: string },
): QueuedEmails {
  const entry = queueEmail(db, { kind, to: order.row.customerEmail, ...rendered, orderId: order.row.id });
  return { ids: [entry.id], statements: [entry.statement] };
}

/** The cancellation e-mail's kind says what it told about the money, so a later refund knows what is left to say. */
const CANCELLED_KIND: Record<CancellationRefund["state"], string> = {
  none: "order-cancelled",
  refunded: "order-cancelled",
  pending: "order-cancelled-refund-pending",
  at_counter: "order-cancelled",
};
const REFUNDED_KIND = "order-refunded";

/** The kinds of the customer's e-mails about this order's cancellation so far. */
async function cancellationKindsSent(db: Database, orderId: string): Promise<Set<string>> {
  const rows = await db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.orderId, orderId),
        inArray(emailOutbox.kind, [...new Set(Object.values(CANCELLED_KIND)), REFUNDED_KIND]),
      ),
    );
  return new Set(rows.map((entry) => entry.kind));
}

/**
 * A cancelled order's refund is made: the customer is told once, whoever records it (the counter
 * or Stripe's webhook): the cancellation e-mail with the refund if none was sent yet, or the
 * refund alone after one that said it had not gone through.
 */
export async function refundMadeEmail(db: Database, order: LoadedOrder, refundedCents: number): Promise<QueuedEmails> {
  const { row } = order;
  if (!row.customerEmail) return NO_EMAILS;
  const sent = await cancellationKindsSent(db, row.id);
  if (sent.has(CANCELLED_KIND.refunded) || sent.has(REFUNDED_KIND)) return NO_EMAILS;
  const refund: CancellationRefund = { state: "refunded", cents: refundedCents };
  if (!sent.has(CANCELLED_KIND.pending))
    return statusEmail(db, order, "cancelled", { reason: row.cancelReason ?? "", refund });
  const [location] = await db.select().from(locations).where(eq(locations.id, row.locationId));
  if (!location) return NO_EMAILS;
  return queueOne(db, order, REFUNDED_KIND, orderRefundedEmail(toOrderEmailDetails(order), location, refundedCents));
}

/** A cancelled order's refund did not go through: the customer is told once that it is on its way. */
export async function refundPendingEmail(db: Database, order: LoadedOrder): Promise<QueuedEmails> {
  if ((await cancellationKindsSent(db, order.row.id)).size > 0) return NO_EMAILS;
  const refund: CancellationRefund = { state: "pending", cents: order.row.totalCents };
  return statusEmail(db, order, "cancelled", { reason: order.row.cancelReason ?? "", refund });
}

/** A recalled order is back on: its customer hears so, whatever they were told before. */
export async function recalledEmail(db: Database, order: LoadedOrder, backTo: OrderStatus): Promise<QueuedEmails> {
  const { row } = order;
  if (!row.customerEmail || backTo === "completed" || backTo === "cancelled") return NO_EMAILS;
  const [location] = await db.select().from(locations).where(eq(locations.id, row.locationId));
  if (!location) return NO_EMAILS;
  return queueOne(db, order, "order-back-on", orderBackOnEmail(toOrderEmailDetails(order), location, backTo));
}
