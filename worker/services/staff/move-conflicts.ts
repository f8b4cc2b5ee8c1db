/**
 * Whether a counter move still means what the tablet meant when it was tapped (docs/decisions/0030):
 * a move whose expected state no longer holds, or whose answer to "Collected?" differs from one
 * already recorded, is refused rather than written over someone else's answer. Moves that do not
 * conflict both go through (Collect and Start on one order).
 */
import type { CollectAnswer } from "#common/cash-drawer";
import type { ExpectedOrderState } from "#common/forms/order-status";
import type { OrderStatus, PaymentState } from "#common/orders";

export interface CounterMove {
  status: OrderStatus;
  /** Done on a ticket that still owed money: the answer to "Collected $8.39?". */
  payment?: CollectAnswer;
  expected?: ExpectedOrderState;
}

type OrderState = { status: OrderStatus; paymentState: PaymentState };

/** The counter's answer to "Collected?" the payment state records, if it records one. */
function recordedAnswer(paymentState: PaymentState): CollectAnswer | null {
  if (paymentState === "paid_at_counter") return "collected";
  if (paymentState === "not_collected") return "not_collected";
  return null;
}

/**
 * The move's answer contradicts the one on the order: money recorded as collected cannot be
 * "not collected", and a Done already answered is not answered again the other way.
 */
function answerDisagrees(row: OrderState, move: CounterMove): boolean {
  if (move.status !== "completed" || !move.payment) return false;
  const recorded = recordedAnswer(row.paymentState);
  if (row.status === "completed") return recorded !== null && recorded !== move.payment;
  return recorded === "collected" && move.payment === "not_collected";
}

/** What the move asks for is already how the order stands (the same tap twice, or from two tablets). */
export function alreadyMade(row: OrderState, move: CounterMove): boolean {
  return row.status === move.status && !answerDisagrees(row, move);
}

/**
 * The order has changed since the tablet showed it in a way the move depends on: its status, or,
 * for Done and Cancel, where its money stands (a Done's answer that agrees with a payment recorded
 * meanwhile is no conflict). Start and Ready do not depend on the money.
 */
export function conflicts(row: OrderState, move: CounterMove): boolean {
  if (answerDisagrees(row, move)) return true;
  const { expected } = move;
  if (!expected) return false;
  if (expected.status !== row.status) return true;
  if (move.status !== "completed" && move.status !== "cancelled") return false;
  if (expected.paymentState === row.paymentState) return false;
  return !(move.status === "completed" && move.payment === "collected" && row.paymentState === "paid_at_counter");
}
