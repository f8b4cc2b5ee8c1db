/**
 * Every change of an order after it is placed (placing.ts writes the order itself), each a named
 * transition: the counter's (preparing, ready, completed, cancelled, recalled, paid at the
 * counter) and the payment provider's
 * (paid, payment failed, expired, refunded). Staff and Stripe code decide which one applies; the
 * transition writes it, with its history row and its e-mails, in one batch, and answers the order
 * as it now is and what to tell the world about it (announceAfterCommit).
 *
 * Each is guarded: the update names the state it was decided on, and if the order has moved
 * since, the guarded column gets NULL, which its NOT NULL constraint refuses, undoing the whole
 * batch (history, e-mails and anything sent alongside). The transition then answers null, and
 * its caller decides what that means.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { OrderEventActor, OrderStatus, PaymentState } from "#common/orders";
import { asBatch } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { isNotNullViolation } from "#worker/lib/db-errors";
import type { Announcements } from "#worker/services/announcements";
import { newOrderEmails, statusEmail, type QueuedEmails } from "./emails";
import { orderEventStatement } from "./history";
import { findOrderRow, orderWithId, type LoadedOrder } from "./loading";
import { orderNews } from "./live-updates";
import { toOrderEmailDetails } from "./shapes";

/** A committed change: the order as it now is, and what to tell the world about it. */
export interface OrderChange {
  order: LoadedOrder;
  news: Announcements;
}

/** Rows that belong to the change and must be written with it or not at all (a payment event's id). */
export type Alongside = BatchItem<"sqlite">[];

/** Who makes a change, as the history records it. */
interface Actor {
  actor: OrderEventActor;
  actorUserId: string | null;
}

interface GuardedChange {
  /** The order as read when the change was decided. */
  order: LoadedOrder;
  /** True while the order is still as read. */
  stillAsRead: SQL;
  /** The column whose new value is given only while `stillAsRead` holds. */
  guarded: { column: "status"; value: OrderStatus } | { column: "paymentState"; value: PaymentState };
  /** Other columns the change sets (updated_at is set to the change's instant). */
  set: SQLiteUpdateSetSource<typeof orders>;
  /** What the history records. */
  event: Actor & { status: OrderStatus; paymentState: PaymentState; reason?: string | null };
  emails?: QueuedEmails;
  alongside?: Alongside;
  at: string;
}

const GUARDED_COLUMN_NAMES = { status: "orders.status", paymentState: "orders.payment_state" } as const;

/**
 * The one writer of an order's changes: the guarded update, its history row, its e-mails and the
 * rows sent alongside, as one batch. Null when the order had moved since it was read.
 */
async function commitChange(db: Database, change: GuardedChange): Promise<OrderChange | null> {
  const { order, guarded, at } = change;
  const emails = change.emails ?? { ids: [], statements: [] };
  try {
    await db.batch(
      asBatch([
        ...(change.alongside ?? []),
        db
          .update(orders)
          .set({
            ...change.set,
            [guarded.column]: sql`CASE WHEN ${change.stillAsRead} THEN ${guarded.value} END`,
            updatedAt: at,
          })
          .where(eq(orders.id, order.row.id)),
        orderEventStatement(db, { orderId: order.row.id, previousStatus: order.row.status, at, ...change.event }),
        ...emails.statements,
      ]),
    );
  } catch (error) {
    if (isNotNullViolation(error, GUARDED_COLUMN_NAMES[guarded.column])) return null;
    throw error;
  }
  // A change of state leaves the lines and the pickup as they were: only the row is read again.
  const row = (await findOrderRow(db, orderWithId(order.row.id)))!;
  const changed = { ...order, row };
  return { order: changed, news: orderNews(changed, emails.ids) };
}

// ---------------------------------------------------------------------------------------------
// The counter's transitions (common/order-lifecycle.ts says which moves are allowed).

const byStaff = (staffUserId: string): Actor => ({ actor: "staff", actorUserId: staffUserId });

/** A move along the lifecycle decided at the counter: guarded on the status it was decided from. */
async function moveAtCounter(
  db: Database,
  order: LoadedOrder,
  staffUserId: string,
  status: OrderStatus,
  extra: Pick<GuardedChange, "set" | "emails"> & { paymentState?: PaymentState; reason?: string | null; at?: string },
): Promise<OrderChange | null> {
  const paymentState = extra.paymentState ?? order.row.paymentState;
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status}`,
    guarded: { column: "status", value: status },
    set: { paymentState, ...extra.set },
    event: { ...byStaff(staffUserId), status, paymentState, reason: extra.reason ?? null },
    emails: extra.emails,
    at: extra.at ?? new Date().toISOString(),
  });
}

export function markPreparing(db: Database, order: LoadedOrder, staffUserId: string) {
  return moveAtCounter(db, order, staffUserId, "preparing", { set: {} });
}

/** Ready at the counter: the customer is told by e-mail. */
export async function markReady(db: Database, order: LoadedOrder, staffUserId: string) {
  const emails = await statusEmail(db, order, "ready", { reason: "", refundedCents: null });
  return moveAtCounter(db, order, staffUserId, "ready", { set: {}, emails });
}

export function markCompleted(db: Database, order: LoadedOrder, staffUserId: string) {
  return moveAtCounter(db, order, staffUserId, "completed", { set: {} });
}

/**
 * Cancelled by the shop, with its reason; a paid card order's refund has been made already
 * (`refund`, or null when nothing was charged). The customer is told by e-mail.
 */
export async function cancelAtCounter(
  db: Database,
  order: LoadedOrder,
  staffUserId: string,
  reason: string,
  refund: { id: string; amountCents: number } | null,
) {
  const emails = await statusEmail(db, order, "cancelled", { reason, refundedCents: refund?.amountCents ?? null });
  const at = new Date().toISOString();
  return moveAtCounter(db, order, staffUserId, "cancelled", {
    paymentState: refund ? "refunded" : order.row.paymentState,
    set: { cancelReason: reason, ...(refund ? { stripeRefundId: refund.id, refundedAt: at } : {}) },
    at,
    reason,
    emails,
  });
}

/** What the history says of a recall. */
export const RECALL_REASON = "Recalled";

/**
 * Recalled from the board's Done list: a completed order back to ready, a cancelled one back to the
 * state it was cancelled from (the counter has checked it may: recallTarget in
 * common/order-lifecycle.ts). Guarded on the state and the instant it was finished, so a recall
 * never undoes a later change. No e-mail: the shopper's page follows.
 */
export function recallAtCounter(db: Database, order: LoadedOrder, staffUserId: string, to: OrderStatus) {
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status} AND ${orders.updatedAt} = ${order.row.updatedAt}`,
    guarded: { column: "status", value: to },
    set: order.row.status === "cancelled" ? { cancelReason: null } : {},
    event: { ...byStaff(staffUserId), status: to, paymentState: order.row.paymentState, reason: RECALL_REASON },
    at: new Date().toISOString(),
  });
}

/** A pay-on-pickup order's total collected at the counter: who and when go to its history. */
export function markPaidAtCounter(db: Database, order: LoadedOrder, staffUserId: string) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = 'not_required' AND ${orders.paymentMode} = 'pay_on_pickup' AND ${orders.status} <> 'cancelled'`,
    guarded: { column: "paymentState", value: "paid_at_counter" },
    set: { paidAt: at },
    event: { ...byStaff(staffUserId), status: order.row.status, paymentState: "paid_at_counter" },
    at,
  });
}

// ---------------------------------------------------------------------------------------------
// The payment provider's transitions.

const BY_PAYMENT_PROVIDER: Actor = { actor: "payment_provider", actorUserId: null };

/** Awaiting its card payment, not yet on the board. */
const awaitingPayment = sql`${orders.paymentState} = 'pending' AND ${orders.status} = 'received'`;

/** Paid: the order goes to the board, and its e-mails (held back while it was unpaid) are queued now. */
export function markPaid(
  db: Database,
  env: Pick<Env, "SHOP_EMAIL">,
  order: LoadedOrder,
  payment: { sessionId: string; paymentIntentId: string | null },
  alongside: Alongside,
) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: awaitingPayment,
    guarded: { column: "paymentState", value: "paid" },
    set: { paidAt: at, stripeSessionId: payment.sessionId, stripePaymentIntentId: payment.paymentIntentId },
    event: { ...BY_PAYMENT_PROVIDER, status: "received", paymentState: "paid" },
    emails: newOrderEmails(db, env, { ...toOrderEmailDetails(order), paymentMode: "stripe" }),
    alongside,
    at,
  });
}

/** The card payment did not happen: the order lapses, and nothing is owed any more. */
function lapseUnpaid(db: Database, order: LoadedOrder, alongside: Alongside) {
  const reason = "The card payment was not completed.";
  return commitChange(db, {
    order,
    stillAsRead: awaitingPayment,
    guarded: { column: "paymentState", value: "not_required" },
    set: { status: "cancelled", cancelReason: reason },
    event: { ...BY_PAYMENT_PROVIDER, status: "cancelled", paymentState: "not_required", reason },
    alongside,
    at: new Date().toISOString(),
  });
}

/** The bank refused a payment that was on its way (a debit, for one). */
export function markPaymentFailed(db: Database, order: LoadedOrder, alongside: Alongside) {
  return lapseUnpaid(db, order, alongside);
}

/** The shopper never finished paying, and Stripe closed the checkout. */
export function markExpired(db: Database, order: LoadedOrder, alongside: Alongside) {
  return lapseUnpaid(db, order, alongside);
}

/** Refunded in full; the order's fulfilment is left as the counter set it. */
export function markRefunded(db: Database, order: LoadedOrder, refundId: string | null, alongside: Alongside) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = 'paid'`,
    guarded: { column: "paymentState", value: "refunded" },
    set: { refundedAt: at, stripeRefundId: sql`coalesce(${orders.stripeRefundId}, ${refundId})` },
    event: { ...BY_PAYMENT_PROVIDER, status: order.row.status, paymentState: "refunded" },
    alongside,
    at,
  });
}
