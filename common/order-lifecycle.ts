/**
 * An order's lifecycle, kept apart from its payment: the moves between fulfilment states (the
 * lists themselves are in ./orders.ts), used by the worker's API and by the staff board.
 */

import type { FulfilmentMethod } from "./fulfilment";
import type { OrderStatus, PaymentMode, PaymentState } from "./orders";

/** The moves the shop may make from each state; nothing leaves `completed` or `cancelled`. */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ["preparing", "cancelled"],
  preparing: ["ready", "cancelled"],
  ready: ["completed", "cancelled"],
  completed: [],
  cancelled: [],
};

export function canMoveTo(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** The next step forward (not a cancellation) from a state, or null at the end of the line. */
export function nextStatus(from: OrderStatus): OrderStatus | null {
  return ORDER_STATUS_TRANSITIONS[from].find((to) => to !== "cancelled") ?? null;
}

/** States in which an order is still the counter's business (on the board). */
export const OPEN_ORDER_STATUSES = ["received", "preparing", "ready"] as const satisfies readonly OrderStatus[];

export function isOpenStatus(status: OrderStatus): boolean {
  return (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * An order the board shows: open, and not waiting for a card payment that has not arrived; or
 * cancelled with a refund that has not gone through yet, for the staff to retry, or with money
 * paid at the counter still to give back.
 */
export function isOnBoard(order: { status: OrderStatus; paymentState: PaymentState }): boolean {
  if (order.paymentState === "refund_pending") return true;
  // Cancelled after it was paid at the counter: the money waits to be given back (Give back).
  if (order.status === "cancelled" && order.paymentState === "paid_at_counter") return true;
  return isOpenStatus(order.status) && order.paymentState !== "pending";
}

/** The steps of the shopper's progress line, in order (a cancellation replaces it). */
export const PROGRESS_STEPS = ["received", "preparing", "ready", "completed"] as const satisfies readonly OrderStatus[];

/** How each state reads to people (the progress line, the board, e-mails). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  received: "Received",
  preparing: "Preparing",
  ready: "Ready",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * A progress step in the shopper's words for this kind of order: a delivery that is ready has
 * left the shop ("On its way") and a completed one is "Delivered". The same statuses, other words.
 */
export function progressStepLabel(status: OrderStatus, fulfilment: FulfilmentMethod): string {
  if (fulfilment === "delivery" && status === "ready") return "On its way";
  if (fulfilment === "delivery" && status === "completed") return "Delivered";
  return ORDER_STATUS_LABELS[status];
}

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  not_required: "Pay on pickup",
  pending: "Awaiting payment",
  paid: "Paid",
  refund_pending: "Refund pending",
  refunded: "Refunded",
  paid_at_counter: "Paid at the counter",
  not_collected: "Not paid",
  given_back: "Given back at the counter",
};

/** Where the money stands, in words: an unpaid delivery is paid at the door, not at a pickup. */
export function paymentStateLabel(order: { paymentState: PaymentState; fulfilment: FulfilmentMethod }): string {
  if (order.paymentState === "not_required" && order.fulfilment === "delivery") return "Pay on delivery";
  return PAYMENT_STATE_LABELS[order.paymentState];
}

/**
 * What the counter still has to collect: a pay-on-pickup (or delivery) order owes its total
 * until it is marked paid at the counter (the only way `paid_at_counter` is reached), also after
 * it was handed over unpaid (`not_collected`).
 */
export function amountToCollect(order: { paymentState: PaymentState; totalCents: number }): number {
  return order.paymentState === "not_required" || order.paymentState === "not_collected" ? order.totalCents : 0;
}

/**
 * Recall: an order completed or cancelled by mistake comes back to the board within this many
 * minutes of the change, as a transition of its own (with its history row).
 */
export const RECALL_WINDOW_MINUTES = 30;

/** Why an order cannot be recalled, as the board says it. */
export const RECALL_REFUSALS = {
  refunded: "Refunded: the payment went back to the customer, so this order cannot come back.",
  refund_pending: "Its refund is under way (Refunds to retry), so this order cannot come back.",
  too_late: `Finished more than ${RECALL_WINDOW_MINUTES} minutes ago.`,
  not_finished: "Only a completed or cancelled order can be recalled.",
  unknown_state: "The state it was cancelled from is not known.",
  given_back: "Its money was given back at the counter, so this order cannot come back.",
  owed_back: "Its money is owed back at the counter (Give back), so this order cannot come back.",
  never_paid: "Its card payment never arrived, so this order cannot come back.",
  slot_full: "Its pickup time has no room left for it now.",
  reward_not_available: "The stamps of the reward it was placed with went back to the card and were spent since.",
} as const;
export type RecallRefusal = keyof typeof RECALL_REFUSALS;

/**
 * Where a recalled order goes back to: a completed one to ready; a cancelled one to the state it
 * was cancelled from, unless its payment was refunded, its refund is under way, its money was
 * given back or is owed back at the counter (money that has gone, or is going, back to the
 * customer never comes back with the order), or it is a card order whose payment never arrived.
 * Null with the reason when it cannot. Whether its pickup time still has room is the database's
 * to say (`slot_full`).
 */
export function recallTarget(
  order: {
    status: OrderStatus;
    paymentMode: PaymentMode;
    paymentState: PaymentState;
    cancelledFrom: OrderStatus | null;
    updatedAt: string;
  },
  now: number,
): { to: OrderStatus } | { refusal: RecallRefusal } {
  if (order.status !== "completed" && order.status !== "cancelled") return { refusal: "not_finished" };
  if (now - Date.parse(order.updatedAt) > RECALL_WINDOW_MINUTES * 60_000) return { refusal: "too_late" };
  if (order.paymentState === "refunded") return { refusal: "refunded" };
  if (order.paymentState === "given_back") return { refusal: "given_back" };
  if (order.status === "completed") return { to: "ready" };
  if (order.paymentState === "refund_pending") return { refusal: "refund_pending" };
  if (order.paymentState === "paid_at_counter") return { refusal: "owed_back" };
  // A card order that is cancelled and was never paid lapsed for want of its payment.
  if (order.paymentMode === "stripe" && order.paymentState !== "paid") return { refusal: "never_paid" };
  if (!order.cancelledFrom || !isOpenStatus(order.cancelledFrom)) return { refusal: "unknown_state" };
  return { to: order.cancelledFrom };
}

/** The reasons the cancel dialog offers with one tap (free text is always possible too). */
export const CANCEL_REASON_PRESETS = ["Out of an ingredient", "Shop closing", "Customer asked"] as const;

/** The longest reason a cancellation may give (it is shown to the shopper and e-mailed). */
export const CANCEL_REASON_MAX_LENGTH = 200;
