/**
 * Stripe webhook events → order state. This decides which transition an event means
 * (worker/services/orders/transitions.ts writes it); each event id is written to
 * payment_events in the same batch as the change it causes, so a replayed event finds its id
 * and changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { paymentEvents } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { isUniqueViolation } from "#worker/lib/db-errors";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import {
  findOrderRow,
  orderPaidBy,
  orderWithId,
  withLinesAndPickups,
  type LoadedOrder,
  type OrderRow,
} from "#worker/services/orders/loading";
import {
  cancelByRefund,
  markExpired,
  markPaid,
  markPaymentFailed,
  markRefunded,
  recordPartialRefund,
  type OrderChange,
} from "#worker/services/orders/transitions";
import { isReleasedUnpaid, recordLatePaymentRefund } from "#worker/services/orders/payment-holds";
import { findOrderShop } from "#worker/services/orders/order-shop";
import {
  CHECKOUT_SESSION_LIFETIME_SECONDS,
  paymentConfig,
  refundOrderPayment,
  sessionPaymentIntentId,
  type Stripe,
} from "#worker/services/stripe-api";

export type PaymentEventOutcome =
  | "paid"
  | "cancelled"
  | "refunded"
  /** Part of a paid order's payment was refunded from Stripe's dashboard; the order goes on. */
  | "partly_refunded"
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
  /** What the change has to tell the world once it is committed. */
  news: Announcements;
}

const HANDLED_SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

const isDuplicateEvent = (error: unknown) => isUniqueViolation(error, "payment_events.id");

/** The order with its lines and pickup, as a transition needs it. */
async function withLines(db: Database, row: OrderRow): Promise<LoadedOrder> {
  const [order] = await withLinesAndPickups(db, [row]);
  return order!;
}

/** The event's own row, written in the batch of the change it causes. */
function eventRow(db: Database, event: Stripe.Event, orderId: string | null) {
  return db.insert(paymentEvents).values({ id: event.id, type: event.type, orderId });
}

/**
 * The outcome of a transition: `outcome` when it was made; a duplicate when the event's id was
 * written meanwhile; only recorded when the order had moved on since it was read.
 */
async function settle(
  db: Database,
  event: Stripe.Event,
  order: OrderRow,
  outcome: PaymentEventOutcome,
  transition: () => Promise<OrderChange | null>,
): Promise<PaymentEventResult> {
  let change: OrderChange | null;
  try {
    change = await transition();
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", news: NOTHING_TO_ANNOUNCE };
    throw error;
  }
  if (!change) return recordEvent(db, event, order.id);
  return { outcome, orderId: order.id, news: change.news };
}

export async function applyStripeEvent(db: Database, env: Env, event: Stripe.Event): Promise<PaymentEventResult> {
  if (!HANDLED_SESSION_EVENTS.has(event.type) && event.type !== "charge.refunded") {
    return { outcome: "unhandled", news: NOTHING_TO_ANNOUNCE };
  }

  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { outcome: "duplicate", news: NOTHING_TO_ANNOUNCE };
  if (event.type === "charge.refunded") return applyRefund(db, event, event.data.object as Stripe.Charge);

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
  const order = orderId ? await findOrderRow(db, orderWithId(orderId)) : undefined;
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
      return pay(db, env, event, order, session);
    case "checkout.session.async_payment_succeeded":
      return pay(db, env, event, order, session);
    default:
      // expired or async_payment_failed: only an order still waiting for payment is cancelled,
      // so a late "expired" never undoes a payment that already arrived.
      return lapse(db, event, order);
  }
}

async function recordEvent(db: Database, event: Stripe.Event, orderId: string | null): Promise<PaymentEventResult> {
  try {
    await eventRow(db, event, orderId);
  } catch (error) {
    if (isDuplicateEvent(error)) return { outcome: "duplicate", news: NOTHING_TO_ANNOUNCE };
    throw error;
  }
  return { outcome: "no_change", ...(orderId ? { orderId } : {}), news: NOTHING_TO_ANNOUNCE };
}

async function pay(
  db: Database,
  env: Env,
  event: Stripe.Event,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<PaymentEventResult> {
  if (isReleasedUnpaid(order)) return refundLatePayment(db, env, event, order, session);
  if (order.paymentState !== "pending" || order.status !== "received") return recordEvent(db, event, order.id);
  if (session.amount_total !== null && session.amount_total !== order.totalCents) {
    console.error(
      `Stripe session ${session.id} charged ${session.amount_total} cents but order ${order.id} totals ${order.totalCents}; not marked paid.`,
    );
    return recordEvent(db, event, order.id);
  }
  const payment = { sessionId: session.id, paymentIntentId: sessionPaymentIntentId(session) };
  const [loaded, shop] = await Promise.all([withLines(db, order), findOrderShop(db, order.locationId)]);
  if (!shop) throw new Error(`Location ${order.locationId} of order ${order.id} is missing`);
  // Paid: now it goes to the board, and its e-mails to its shop.
  return settle(db, event, order, "paid", () =>
    markPaid(db, env, shop, loaded, payment, [eventRow(db, event, order.id)]),
  );
}

/**
 * A payment for an order already released (its hold ran out, or its checkout never started): the
 * order is not revived, since its place may be another shopper's now. The payment is refunded in
 * full through Stripe (one refund per order, whatever retries), then recorded with the shopper's
 * e-mail. When Stripe cannot refund now, the webhook answers 500 and Stripe sends the event again.
 */
async function refundLatePayment(
  db: Database,
  env: Env,
  event: Stripe.Event,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<PaymentEventResult> {
  const payment = paymentConfig(env);
  if (payment.mode !== "stripe") return recordEvent(db, event, order.id);
  const paymentIntentId = sessionPaymentIntentId(session);
  const refund = await refundOrderPayment(payment.secretKey, {
    orderId: order.id,
    paymentIntentId,
    checkoutSessionId: session.id,
    amountCents: session.amount_total ?? order.totalCents,
  });
  console.warn(`Order ${order.id} was paid after its release; refunded as ${refund.id}.`);
  const loaded = await withLines(db, order);
  return settle(db, event, order, "refunded", () =>
    recordLatePaymentRefund(
      db,
      loaded,
      { sessionId: session.id, paymentIntentId },
      refund,
      CHECKOUT_SESSION_LIFETIME_SECONDS / 60,
      [eventRow(db, event, order.id)],
    ),
  );
}

/** The card payment did not happen: the order lapses, and nothing is owed any more. */
async function lapse(db: Database, event: Stripe.Event, order: OrderRow): Promise<PaymentEventResult> {
  if (order.paymentState !== "pending" || order.status !== "received") return recordEvent(db, event, order.id);
  const transition = event.type === "checkout.session.expired" ? markExpired : markPaymentFailed;
  const loaded = await withLines(db, order);
  return settle(db, event, order, "cancelled", () => transition(db, loaded, [eventRow(db, event, order.id)]));
}

/**
 * `charge.refunded`: Stripe says the order's payment was refunded, by the shop's cancellation
 * (which may or may not have recorded it yet) or from Stripe's dashboard. A full refund marks the
 * order refunded once; made from the dashboard on an order nobody has started, it cancels the
 * order too (a Start made first wins, and the ticket then shows "Refunded" for the counter to
 * stop or cancel it). A partial refund leaves the order paid and going, with the amount on its
 * ticket.
 */
async function applyRefund(db: Database, event: Stripe.Event, charge: Stripe.Charge): Promise<PaymentEventResult> {
  const paymentIntentId =
    typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const order = paymentIntentId ? await findOrderRow(db, orderPaidBy(paymentIntentId)) : undefined;
  if (!order) {
    console.warn(
      `Stripe event ${event.id} (charge.refunded) names no known order (payment ${paymentIntentId ?? "none"}); acknowledged.`,
    );
    return recordEvent(db, event, null);
  }
  const refundable = order.paymentState === "paid" || order.paymentState === "refund_pending";
  if (!refundable) return recordEvent(db, event, order.id);
  const loaded = await withLines(db, order);
  const alongside = () => [eventRow(db, event, order.id)];
  if (!charge.refunded) {
    // Part of it: only a paid order's growing refund is news.
    if (order.paymentState !== "paid" || charge.amount_refunded <= order.refundedCents) {
      return recordEvent(db, event, order.id);
    }
    return settle(db, event, order, "partly_refunded", () =>
      recordPartialRefund(db, loaded, charge.amount_refunded, alongside()),
    );
  }
  const refund = { id: charge.refunds?.data[0]?.id ?? null, amountCents: charge.amount_refunded };
  if (order.paymentState === "paid" && order.status === "received") {
    let cancelled: OrderChange | null;
    try {
      cancelled = await cancelByRefund(db, loaded, refund, alongside());
    } catch (error) {
      if (isDuplicateEvent(error)) return { outcome: "duplicate", news: NOTHING_TO_ANNOUNCE };
      throw error;
    }
    if (cancelled) return { outcome: "cancelled", orderId: order.id, news: cancelled.news };
    // Started (or changed) meanwhile: the refund is recorded on the order as it now is.
    const latest = await findOrderRow(db, orderWithId(order.id));
    if (!latest || latest.paymentState !== "paid") return recordEvent(db, event, order.id);
    const reloaded = await withLines(db, latest);
    return settle(db, event, latest, "refunded", () => markRefunded(db, reloaded, refund, alongside()));
  }
  return settle(db, event, order, "refunded", () => markRefunded(db, loaded, refund, alongside()));
}
