/**
 * Every change of an order after it is placed (placing.ts writes the order itself), each a named
 * transition: the counter's (preparing, ready, completed with or without the money collected,
 * cancelled, recalled, paid at the counter, given back) and the payment provider's (paid,
 * payment failed, expired, refunded, cancelled by a refund, partly refunded). Staff and Stripe code decide which one applies; the
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
import type { CollectAnswer } from "#common/cash-drawer";
import { formatCents } from "#common/money";
import type { OrderEventActor, OrderStatus, PaymentState } from "#common/orders";
import { asBatch } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { isNotNullViolation } from "#worker/lib/db-errors";
import type { CancellationRefund } from "#worker/emails/order-status";
import type { Announcements } from "#worker/services/announcements";
import { NO_PUSHES, queueOrderPush, type QueuedPushes } from "#worker/services/push/queue";
import { boardPrintJobs, cancelledSlipJob } from "#worker/services/printing/queue";
import {
  newOrderEmails,
  recalledEmail,
  refundMadeEmail,
  refundPendingEmail,
  statusEmail,
  type QueuedEmails,
} from "./emails";
import { orderEventAfterChange } from "./history";
import { findOrderRow, orderWithId, type LoadedOrder, type OrderRow } from "./loading";
import { orderNews } from "./live-updates";
import { promoUseStatement, type PromoUseChange } from "./promo-uses";
import { toOrderEmailDetails } from "./shapes";
import type { OrderShop } from "./order-shop";

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

export interface GuardedChange {
  /** The order as read when the change was decided. */
  order: LoadedOrder;
  /** True while the order is still as read. */
  stillAsRead: SQL;
  /** The column whose new value is given only while `stillAsRead` holds. */
  guarded: { column: "status"; value: OrderStatus } | { column: "paymentState"; value: PaymentState };
  /** Other columns the change sets (updated_at is set to the change's instant). */
  set: SQLiteUpdateSetSource<typeof orders>;
  /** Who made the change and why; its status and payment state are read from the row it leaves. */
  event: Actor & { reason?: string | null };
  emails?: QueuedEmails;
  /** The shopper's notifications (worker/services/push/), queued in the same batch. */
  pushes?: QueuedPushes;
  alongside?: Alongside;
  /** Gives the order's promo code use back, or takes it again, in the same batch (./promo-uses.ts). */
  promoUse?: PromoUseChange;
  at: string;
}

const GUARDED_COLUMN_NAMES = { status: "orders.status", paymentState: "orders.payment_state" } as const;

/**
 * The one writer of an order's changes: the guarded update, its history row, its e-mails and the
 * rows sent alongside, as one batch. Null when the order had moved since it was read.
 */
export async function commitChange(db: Database, change: GuardedChange): Promise<OrderChange | null> {
  const { order, guarded, at } = change;
  const emails = change.emails ?? { ids: [], statements: [] };
  const pushes = change.pushes ?? NO_PUSHES;
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
        ...(change.promoUse ? [promoUseStatement(db, order.row.id, change.promoUse)] : []),
        orderEventAfterChange(db, {
          orderId: order.row.id,
          movedFrom: guarded.column === "status" || "status" in change.set ? order.row.status : null,
          at,
          ...change.event,
        }),
        ...emails.statements,
        ...pushes.statements,
        ...(cancels(change) ? [cancelledSlipJob(db, order)] : []),
      ]),
    );
  } catch (error) {
    if (isNotNullViolation(error, GUARDED_COLUMN_NAMES[guarded.column])) return null;
    throw error;
  }
  // A change of state leaves the lines and the pickup as they were: only the row is read again.
  const row = (await findOrderRow(db, orderWithId(order.row.id)))!;
  const changed = { ...order, row };
  return { order: changed, news: orderNews(changed, emails.ids, pushes.ids) };
}

/** Whether the change cancels the order (its printed tickets then get a "CANCELLED" slip). */
function cancels(change: GuardedChange): boolean {
  const becomes = change.guarded.column === "status" ? change.guarded.value : change.set.status;
  return becomes === "cancelled" && change.order.row.status !== "cancelled";
}

// ---------------------------------------------------------------------------------------------
// The counter's transitions (common/order-lifecycle.ts says which moves are allowed).

const byStaff = (staffUserId: string): Actor => ({ actor: "staff", actorUserId: staffUserId });

/**
 * A move along the lifecycle decided at the counter: guarded on the status it was decided from.
 * The payment state is not written: a payment change made meanwhile (paid at the counter, a
 * refund from Stripe) stays as it is.
 */
async function moveAtCounter(
  db: Database,
  order: LoadedOrder,
  staffUserId: string,
  status: OrderStatus,
  extra: Pick<GuardedChange, "set" | "emails" | "pushes" | "promoUse"> & {
    reason?: string | null;
    /** Guarded on the payment state too: the change's e-mail says where the money stands. */
    paymentAsRead?: boolean;
  },
): Promise<OrderChange | null> {
  const paymentAsRead = extra.paymentAsRead ? sql` AND ${orders.paymentState} = ${order.row.paymentState}` : sql``;
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status}${paymentAsRead}`,
    guarded: { column: "status", value: status },
    set: extra.set,
    event: { ...byStaff(staffUserId), reason: extra.reason ?? null },
    emails: extra.emails,
    pushes: extra.pushes,
    promoUse: extra.promoUse,
    at: new Date().toISOString(),
  });
}

/** A promo code's use goes back when the order is cancelled before anyone started it; a started order keeps it. */
const useGoesBack = (order: LoadedOrder): PromoUseChange | undefined =>
  order.row.status === "received" ? "give_back" : undefined;

export function markPreparing(db: Database, order: LoadedOrder, staffUserId: string) {
  return moveAtCounter(db, order, staffUserId, "preparing", { set: {} });
}

/** Ready at the counter (a delivery: on its way): the customer is told by e-mail and on their devices. */
export async function markReady(db: Database, order: LoadedOrder, staffUserId: string) {
  const emails = await statusEmail(db, order, "ready", { reason: "", refund: { state: "none" } });
  const pushes = await queueOrderPush(
    db,
    order.row,
    order.row.fulfilment === "delivery" ? "order-on-its-way" : "order-ready",
  );
  return moveAtCounter(db, order, staffUserId, "ready", { set: {}, emails, pushes });
}

export function markCompleted(db: Database, order: LoadedOrder, staffUserId: string) {
  return moveAtCounter(db, order, staffUserId, "completed", { set: {} });
}

/**
 * Done on a ticket that still had money to collect, with the counter's answer to "Collected
 * $8.39?": `paid_at_counter` (with when), or `not_collected`, which keeps it on the day's unpaid
 * list. Guarded on the status and the payment state it was decided on.
 */
export function completeWithPayment(db: Database, order: LoadedOrder, staffUserId: string, answer: CollectAnswer) {
  const at = new Date().toISOString();
  const paymentState: PaymentState = answer === "collected" ? "paid_at_counter" : "not_collected";
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status} AND ${orders.paymentState} = ${order.row.paymentState}`,
    guarded: { column: "status", value: "completed" },
    set: { paymentState, ...(answer === "collected" ? { paidAt: at } : {}) },
    event: byStaff(staffUserId),
    at,
  });
}

/** Money paid at the counter for an order since cancelled, handed back there: who and when go to its history. */
export function markGivenBack(db: Database, order: LoadedOrder, staffUserId: string) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = 'cancelled' AND ${orders.paymentState} = 'paid_at_counter'`,
    guarded: { column: "paymentState", value: "given_back" },
    // The owner's numbers count the refund on the day it was handed back.
    set: { givenBackAt: at },
    event: byStaff(staffUserId),
    at,
  });
}

/** Where the money of an order cancelled without a card refund of its own stands, as the customer is told. */
function moneyOfCancelled(order: LoadedOrder): CancellationRefund {
  switch (order.row.paymentState) {
    case "paid_at_counter":
      return { state: "at_counter", cents: order.row.totalCents };
    case "refunded": // from Stripe's dashboard, before the shop cancelled it
      return { state: "refunded", cents: order.row.totalCents };
    default:
      return { state: "none" };
  }
}

/**
 * Cancelled by the shop, with its reason, for an order with no card payment to refund: nothing
 * was charged, it was paid at the counter (given back there), or it was refunded already. The
 * customer is told by e-mail.
 */
export async function cancelAtCounter(db: Database, order: LoadedOrder, staffUserId: string, reason: string) {
  const emails = await statusEmail(db, order, "cancelled", { reason, refund: moneyOfCancelled(order) });
  return moveAtCounter(db, order, staffUserId, "cancelled", {
    set: { cancelReason: reason },
    reason,
    emails,
    pushes: await queueOrderPush(db, order.row, "order-cancelled"),
    paymentAsRead: true,
    promoUse: useGoesBack(order),
  });
}

/**
 * The first step of cancelling a paid order: the order is claimed for cancellation, its refund
 * owed (`refund_pending`), before any money moves, so no other move can win after the refund.
 * The customer's devices are told now; the e-mail waits for the refund's outcome (recordRefund,
 * refundStillPending).
 */
export async function claimForCancellation(db: Database, order: LoadedOrder, staffUserId: string, reason: string) {
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status} AND ${orders.paymentState} = 'paid'`,
    guarded: { column: "status", value: "cancelled" },
    set: { paymentState: "refund_pending", cancelReason: reason },
    event: { ...byStaff(staffUserId), reason },
    pushes: await queueOrderPush(db, order.row, "order-cancelled"),
    // The shop's own cancellation: the card refund that follows is its money, not a refund's.
    promoUse: useGoesBack(order),
    at: new Date().toISOString(),
  });
}

/** The refund of a cancelled order went through: recorded once, and the customer told (refundMadeEmail). */
export async function recordRefund(
  db: Database,
  order: LoadedOrder,
  staffUserId: string,
  refund: { id: string; amountCents: number },
) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = 'refund_pending'`,
    guarded: { column: "paymentState", value: "refunded" },
    set: { stripeRefundId: refund.id, refundedAt: at },
    event: byStaff(staffUserId),
    emails: await refundMadeEmail(db, order, refund.amountCents),
    at,
  });
}

/** What the history says of a refund attempt that failed. */
export const REFUND_FAILED_REASON = "The card refund did not go through";

/**
 * The refund of a cancelled order did not go through: the order stays `refund_pending` on the
 * board, the attempt goes to its history, and the customer is told (once) that the refund is still
 * to come. Guarded on `refund_pending`, so if Stripe's webhook recorded the refund meanwhile
 * nothing is written (null) and the customer hears only that it was made.
 */
export async function refundStillPending(db: Database, order: LoadedOrder, staffUserId: string) {
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = 'refund_pending'`,
    guarded: { column: "paymentState", value: "refund_pending" },
    set: {},
    event: {
      ...byStaff(staffUserId),
      reason: REFUND_FAILED_REASON,
    },
    emails: await refundPendingEmail(db, order),
    at: new Date().toISOString(),
  });
}

/** What the history says of a recall. */
export const RECALL_REASON = "Recalled";

/**
 * Recalled from the board's Done list: a completed order back to ready, a cancelled one back to the
 * state it was cancelled from (the counter has checked it may: recallTarget in
 * common/order-lifecycle.ts). Guarded on the state and the instant it was finished, so a recall
 * never undoes a later change. A cancelled order takes its pickup place and drinks back only if
 * they still fit: the database refuses otherwise (migrations' recall triggers, isSlotFull), and
 * the error is the caller's. The shopper is told by e-mail that the order is back on.
 */
export async function recallAtCounter(db: Database, order: LoadedOrder, staffUserId: string, to: OrderStatus) {
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = ${order.row.status} AND ${orders.updatedAt} = ${order.row.updatedAt}`,
    guarded: { column: "status", value: to },
    set: order.row.status === "cancelled" ? { cancelReason: null } : {},
    event: { ...byStaff(staffUserId), reason: RECALL_REASON },
    emails: await recalledEmail(db, order, to),
    promoUse: order.row.status === "cancelled" ? "take_again" : undefined,
    at: new Date().toISOString(),
  });
}

/**
 * A pay-on-pickup order's total collected at the counter (also after it was handed over unpaid):
 * who and when go to its history.
 */
export function markPaidAtCounter(db: Database, order: LoadedOrder, staffUserId: string) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} IN ('not_required', 'not_collected') AND ${orders.paymentMode} = 'pay_on_pickup' AND ${orders.status} <> 'cancelled'`,
    guarded: { column: "paymentState", value: "paid_at_counter" },
    set: { paidAt: at },
    event: byStaff(staffUserId),
    at,
  });
}

// ---------------------------------------------------------------------------------------------
// The payment provider's transitions.

const BY_PAYMENT_PROVIDER: Actor = { actor: "payment_provider", actorUserId: null };

/** Awaiting its card payment, not yet on the board. */
const awaitingPayment = sql`${orders.paymentState} = 'pending' AND ${orders.status} = 'received'`;

/**
 * The shopper's card checkout was opened at Stripe: the order records the session it will be paid
 * through (the webhook and the hold's expiry find it by it), with its history row. Its status and
 * payment state stay as they are.
 */
export async function recordCheckoutSession(db: Database, row: OrderRow, sessionId: string): Promise<void> {
  const at = new Date().toISOString();
  await db.batch([
    db.update(orders).set({ stripeSessionId: sessionId, updatedAt: at }).where(eq(orders.id, row.id)),
    orderEventAfterChange(db, {
      orderId: row.id,
      movedFrom: null,
      actor: "customer",
      actorUserId: row.userId,
      reason: CHECKOUT_SESSION_OPENED,
      at,
    }),
  ]);
}

/** The history's reason for recordCheckoutSession's row. */
export const CHECKOUT_SESSION_OPENED = "Card checkout opened at Stripe.";

/** Paid: the order goes to the board, and its e-mails (held back while it was unpaid) are queued now. */
export function markPaid(
  db: Database,
  env: Pick<Env, "SHOP_EMAIL">,
  shop: OrderShop,
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
    event: BY_PAYMENT_PROVIDER,
    emails: newOrderEmails(db, env, shop, {
      ...toOrderEmailDetails(order),
      paymentMode: "stripe",
      shopName: shop.name,
    }),
    // On the board now: its ticket and labels print (an order ahead's when its preparation starts).
    alongside: [...alongside, ...boardPrintJobs(db, order, shop.name, at)],
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
    event: { ...BY_PAYMENT_PROVIDER, reason },
    alongside,
    promoUse: "give_back",
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

/** What the history says of a refund made from Stripe's dashboard rather than by a cancellation here. */
export const REFUNDED_OUTSIDE_REASON = "Refunded from Stripe's dashboard";

/**
 * Refunded in full; the order's fulfilment is left as the counter set it (an open one started
 * already shows "Refunded" on its ticket, for the counter to stop or cancel it). A cancelled
 * order whose refund Stripe reports before the counter has recorded it gets its customer's
 * e-mail here.
 */
export async function markRefunded(
  db: Database,
  order: LoadedOrder,
  refund: { id: string | null; amountCents: number },
  alongside: Alongside,
) {
  const at = new Date().toISOString();
  const readState = order.row.paymentState;
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = ${readState}`,
    guarded: { column: "paymentState", value: "refunded" },
    set: {
      refundedAt: at,
      refundedCents: refund.amountCents,
      stripeRefundId: sql`coalesce(${orders.stripeRefundId}, ${refund.id})`,
    },
    event: {
      ...BY_PAYMENT_PROVIDER,
      reason: readState === "paid" ? REFUNDED_OUTSIDE_REASON : null,
    },
    emails: readState === "refund_pending" ? await refundMadeEmail(db, order, refund.amountCents) : undefined,
    alongside,
    at,
  });
}

/**
 * Refunded in full from Stripe's dashboard before anyone started on it: the order is cancelled
 * with the refund, and its customer told by e-mail. Guarded on `received` and `paid`, so a Start
 * made first wins and the refund is then only recorded (markRefunded).
 */
export async function cancelByRefund(
  db: Database,
  order: LoadedOrder,
  refund: { id: string | null; amountCents: number },
  alongside: Alongside,
) {
  const at = new Date().toISOString();
  const reason = REFUNDED_OUTSIDE_REASON;
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.status} = 'received' AND ${orders.paymentState} = 'paid'`,
    guarded: { column: "status", value: "cancelled" },
    set: {
      paymentState: "refunded",
      cancelReason: reason,
      refundedAt: at,
      refundedCents: refund.amountCents,
      stripeRefundId: sql`coalesce(${orders.stripeRefundId}, ${refund.id})`,
    },
    event: { ...BY_PAYMENT_PROVIDER, reason },
    emails: await statusEmail(db, order, "cancelled", {
      reason,
      refund: { state: "refunded", cents: refund.amountCents },
    }),
    alongside,
    at,
  });
}

/**
 * Part of a card payment refunded from Stripe's dashboard: the order stays paid and goes on; the
 * amount shows on its ticket and in its details, and its history says so.
 */
export function recordPartialRefund(db: Database, order: LoadedOrder, amountCents: number, alongside: Alongside) {
  const at = new Date().toISOString();
  return commitChange(db, {
    order,
    stillAsRead: sql`${orders.paymentState} = 'paid'`,
    guarded: { column: "paymentState", value: "paid" },
    // The owner's numbers count the refund on the day it was made.
    set: { refundedCents: amountCents, partlyRefundedCents: amountCents, partlyRefundedAt: at },
    event: {
      ...BY_PAYMENT_PROVIDER,
      reason: `${formatCents(amountCents)} of ${formatCents(order.row.totalCents)} refunded from Stripe's dashboard`,
    },
    alongside,
    at,
  });
}
