/**
 * Nothing held for nobody (docs/decisions/0019-holds-and-releases.md): an order awaiting its card
 * payment holds its pickup place, its slots' drinks and its account's open drinks, and these
 * transitions give them back. A checkout that could not be started releases its order at once; an
 * order still unpaid at the end of the payment's time is released by the cron
 * (worker/services/payments/expired-holds.ts, through markExpired); a payment that reaches a
 * released order is refunded, and the shopper told.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { locations, orders } from "#worker/db/schema";
import { latePaymentRefundedEmail } from "#worker/emails/late-payment-refund";
import { queueEmail } from "#worker/services/outbox/email";
import { commitChange, type Alongside } from "./transitions";
import { withLinesAndPickups, type LoadedOrder, type OrderRow } from "./loading";
import { toOrderEmailDetails } from "./shapes";

const BY_PAYMENT_PROVIDER = { actor: "payment_provider", actorUserId: null } as const;

/** Awaiting its card payment, not yet on the board. */
const awaitingPayment = sql`${orders.paymentState} = 'pending' AND ${orders.status} = 'received'`;

/** What the history and the shopper's order page say of an order whose card checkout never opened. */
export const CHECKOUT_NOT_STARTED_REASON = "The card payment could not be started.";

/**
 * The card checkout could not be started (Stripe unreachable): the order is cancelled before
 * anyone could pay it, and its place and drinks are free again. Guarded on it still awaiting
 * payment with no session, so an order whose session was made meanwhile keeps its hold.
 */
export async function releaseUnstartedCheckout(db: Database, row: OrderRow) {
  const [order] = await withLinesAndPickups(db, [row]);
  return commitChange(db, {
    order: order!,
    stillAsRead: sql`${awaitingPayment} AND ${orders.stripeSessionId} IS NULL`,
    guarded: { column: "paymentState", value: "not_required" },
    set: { status: "cancelled", cancelReason: CHECKOUT_NOT_STARTED_REASON },
    event: {
      ...BY_PAYMENT_PROVIDER,
      reason: CHECKOUT_NOT_STARTED_REASON,
    },
    promoUse: "give_back",
    at: new Date().toISOString(),
  });
}

/** Orders placed at or before `placedBy` still awaiting their card payment, oldest first. */
export async function heldUnpaidSince(db: Database, placedBy: Date, limit: number): Promise<LoadedOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentState, "pending"),
        eq(orders.status, "received"),
        lte(orders.createdAt, placedBy.toISOString()),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return withLinesAndPickups(db, rows);
}

/** An order released unpaid (its checkout lapsed, expired or never started): a payment for it is owed back. */
export function isReleasedUnpaid(row: OrderRow): boolean {
  return row.paymentMode === "stripe" && row.status === "cancelled" && row.paymentState === "not_required";
}

/**
 * A card payment reached an order already released: Stripe has refunded it (the caller asked
 * first), and this records the payment and its refund on the order, which stays cancelled, and
 * queues the shopper's e-mail. Guarded on the order still being released and unpaid, so a
 * replayed or second payment event records nothing twice.
 */
export async function recordLatePaymentRefund(
  db: Database,
  order: LoadedOrder,
  payment: { sessionId: string; paymentIntentId: string | null },
  refund: { id: string; amountCents: number },
  holdMinutes: number,
  alongside: Alongside,
) {
  const at = new Date().toISOString();
  const { row } = order;
  const emails = { ids: [] as string[], statements: [] as Alongside };
  const [location] = await db.select().from(locations).where(eq(locations.id, row.locationId));
  if (row.customerEmail && location) {
    const rendered = latePaymentRefundedEmail(toOrderEmailDetails(order), location, holdMinutes, refund.amountCents);
    const entry = queueEmail(db, {
      kind: "order-late-payment-refunded",
      to: row.customerEmail,
      ...rendered,
      orderId: row.id,
    });
    emails.ids.push(entry.id);
    emails.statements.push(entry.statement);
  }
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = 'cancelled' AND ${orders.paymentState} = 'not_required' AND ${orders.paymentMode} = 'stripe'`,
    guarded: { column: "paymentState", value: "refunded" },
    set: {
      stripeSessionId: payment.sessionId,
      stripePaymentIntentId: payment.paymentIntentId,
      stripeRefundId: refund.id,
      paidAt: at,
      refundedAt: at,
    },
    event: {
      ...BY_PAYMENT_PROVIDER,
      reason: "The card payment arrived after the order was released; refunded.",
    },
    emails,
    alongside,
    at,
  });
}
