/**
 * Stripe webhook events → order state. Each event id is written to payment_events in the same
 * batch as the change it causes, so a replayed event finds its id and changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { orders, paymentEvents } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { isNotNullViolation, isUniqueViolation } from "#worker/lib/db-errors";
import { orderUpdate, type OrderUpdate } from "#worker/services/live/channel";
import { loadOrderEmailDetails, orderEmailStatements } from "#worker/services/orders/emails";
import { orderEventStatement } from "#worker/services/orders/events";
import { itemsByOrder, pickupsByOrder, type OrderRow } from "#worker/services/orders/reading";
import { sessionPaymentIntentId, type Stripe } from "./stripe";

export type PaymentEventOutcome =
  | "paid"
  | "cancelled"
  | "refunded"
  | "duplicate"
  /** Verified and recorded, but it changes nothing (already paid, unknown order, awaiting funds…). */
  | "no_change"
  /** An event type this shop does not act on; acknowledged, not recorded. */
  | "unhandled";

/** What the webhook answers Stripe (Stripe reads only the 2xx; the outcome is for the logs and tests). */
export interface WebhookReceipt {
  received: true;
  outcome: PaymentEventOutcome;
}

export interface PaymentEventResult {
  outcome: PaymentEventOutcome;
  orderId?: string;
  /** Outbox rows queued with the change, to deliver right after the response. */
  emailIds: string[];
  /** For the location's boards and the shopper's pages, once the response is sent. */
  liveUpdates?: OrderUpdate[];
}

const HANDLED_SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

const isDuplicateEvent = (error: unknown) => isUniqueViolation(error, "payment_events.id");

/** The guarded updates below turn "no longer in the state read" into a NOT NULL failure that undoes their batch. */
const isNotInStateAnyMore = (error: unknown) => isNotNullViolation(error, "orders.payment_state");

/** The order as it now is, for the boards and its owner's pages. */
async function currentUpdate(db: Database, orderId: string): Promise<OrderUpdate[]> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return [];
  const [items, pickups] = await Promise.all([itemsByOrder(db, [orderId]), pickupsByOrder(db, [orderId])]);
  return [orderUpdate(row, items.get(orderId) ?? [], pickups.get(orderId) ?? null)];
}

export async function applyStripeEvent(db: Database, env: Env, event: Stripe.Event): Promise<PaymentEventResult> {
  if (!HANDLED_SESSION_EVENTS.has(event.type) && event.type !== "charge.refunded") {
    return { outcome: "unhandled", emailIds: [] };
  }

  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { outcome: "duplicate", emailIds: [] };
  if (event.type === "charge.refunded") return applyRefund(db, event, event.data.object as Stripe.Charge);

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
  const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  const recordOnly = () => recordEvent(db, event, order?.id ?? null);

  if (!order) {
    console.warn(`Stripe event ${event.id} (${event.type}) names no known order (${orderId ?? "none"}); acknowledged.`);
    return recordOnly();
  }
  if (order.paymentMode !== "stripe" || (order.stripeSessionId && order.stripeSessionId !== session.id)) {
    console.warn(`Stripe event ${event.id} is for session ${session.id}, not order ${order.id}'s; acknowledged.`);
    return recordOnly();
  }

  switch (event.type) {
    case "checkout.session.completed":
      // Bank debits and the like complete the session before the money arrives:
      // async_payment_succeeded (or _failed) follows.
      if (session.payment_status === "unpaid") return recordOnly();
      return markPaid(db, env, event, order, session);
    case "checkout.session.async_payment_succeeded":
      return markPaid(db, env, event, order, session);
    default:
      // expired or async_payment_failed: only an order still waiting for payment is cancelled,
      // so a late "expired" never undoes a payment that already arrived.
      return markCancelled(db, event, order);
  }
}

async function recordEvent(db: Database, event: Stripe.Event, orderId: string | null): Promise<PaymentEventResult> {
  try {
    await db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId });
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    throw error;
  }
  return { outcome: "no_change", ...(orderId ? { orderId } : {}), emailIds: [] };
}

async function markPaid(
  db: Database,
  env: Env,
  event: Stripe.Event,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<PaymentEventResult> {
  if (order.paymentState !== "pending" || order.status !== "received") return recordEvent(db, event, order.id);
  if (session.amount_total !== null && session.amount_total !== order.totalCents) {
    console.error(
      `Stripe session ${session.id} charged ${session.amount_total} cents but order ${order.id} totals ${order.totalCents}; not marked paid.`,
    );
    return recordEvent(db, event, order.id);
  }
  const details = await loadOrderEmailDetails(db, order.id);
  if (!details) return recordEvent(db, event, order.id);

  const now = new Date().toISOString();
  const emails = orderEmailStatements(db, env, { ...details, paymentMode: "stripe" });
  try {
    await db.batch([
      db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId: order.id }),
      // Another event may have settled the order since it was read: then CASE yields NULL, the
      // NOT NULL column refuses it and the whole batch (e-mails and history included) is undone.
      db
        .update(orders)
        .set({
          paymentState: sql`CASE WHEN ${orders.paymentState} = 'pending' AND ${orders.status} = 'received' THEN 'paid' END`,
          paidAt: now,
          updatedAt: now,
          stripeSessionId: session.id,
          stripePaymentIntentId: sessionPaymentIntentId(session),
        })
        .where(eq(orders.id, order.id)),
      orderEventStatement(db, {
        orderId: order.id,
        status: "received",
        previousStatus: "received",
        paymentState: "paid",
        actor: "payment_provider",
        actorUserId: null,
        at: now,
      }),
      ...emails.statements,
    ]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    if (isNotInStateAnyMore(error)) return recordEvent(db, event, order.id);
    throw error;
  }
  // Paid: now it goes to the board.
  return { outcome: "paid", orderId: order.id, emailIds: emails.ids, liveUpdates: await currentUpdate(db, order.id) };
}

/** The card payment did not happen: the order lapses, and nothing is owed any more. */
async function markCancelled(db: Database, event: Stripe.Event, order: OrderRow): Promise<PaymentEventResult> {
  if (order.paymentState !== "pending" || order.status !== "received") return recordEvent(db, event, order.id);
  const now = new Date().toISOString();
  const reason = "The card payment was not completed.";
  try {
    await db.batch([
      db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId: order.id }),
      db
        .update(orders)
        .set({
          status: "cancelled",
          paymentState: sql`CASE WHEN ${orders.paymentState} = 'pending' AND ${orders.status} = 'received' THEN 'not_required' END`,
          cancelReason: reason,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id)),
      orderEventStatement(db, {
        orderId: order.id,
        status: "cancelled",
        previousStatus: "received",
        paymentState: "not_required",
        actor: "payment_provider",
        actorUserId: null,
        reason,
        at: now,
      }),
    ]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    if (isNotInStateAnyMore(error)) return recordEvent(db, event, order.id);
    throw error;
  }
  return { outcome: "cancelled", orderId: order.id, emailIds: [], liveUpdates: await currentUpdate(db, order.id) };
}

/**
 * `charge.refunded`: Stripe says the order's payment was refunded in full (by the shop's
 * cancellation, which has recorded it already, or from Stripe's dashboard). The order is marked
 * refunded once; its fulfilment is left as the counter set it.
 */
async function applyRefund(db: Database, event: Stripe.Event, charge: Stripe.Charge): Promise<PaymentEventResult> {
  const paymentIntentId =
    typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const [order] = paymentIntentId
    ? await db.select().from(orders).where(eq(orders.stripePaymentIntentId, paymentIntentId))
    : [];
  if (!order) {
    console.warn(
      `Stripe event ${event.id} (charge.refunded) names no known order (payment ${paymentIntentId ?? "none"}); acknowledged.`,
    );
    return recordEvent(db, event, null);
  }
  // A partial refund leaves the order paid; only a full one changes it.
  if (!charge.refunded || order.paymentState !== "paid") return recordEvent(db, event, order.id);
  const now = new Date().toISOString();
  const refundId = charge.refunds?.data[0]?.id ?? null;
  try {
    await db.batch([
      db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId: order.id }),
      db
        .update(orders)
        .set({
          paymentState: sql`CASE WHEN ${orders.paymentState} = 'paid' THEN 'refunded' END`,
          refundedAt: now,
          stripeRefundId: sql`coalesce(${orders.stripeRefundId}, ${refundId})`,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id)),
      orderEventStatement(db, {
        orderId: order.id,
        status: order.status,
        previousStatus: order.status,
        paymentState: "refunded",
        actor: "payment_provider",
        actorUserId: null,
        at: now,
      }),
    ]);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", emailIds: [] };
    if (isNotInStateAnyMore(error)) return recordEvent(db, event, order.id);
    throw error;
  }
  return { outcome: "refunded", orderId: order.id, emailIds: [], liveUpdates: await currentUpdate(db, order.id) };
}
