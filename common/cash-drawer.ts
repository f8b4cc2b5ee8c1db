/**
 * Money at the counter (docs/decisions/0018-cash-drawer.md): what a pay-on-pickup order still
 * owes when it is handed over, what a cancelled one paid at the counter is owed back, and where a
 * cancelled order's money is, in the shopper's words. Used by the worker, the board and the
 * shopper's order page.
 */
import { formatCents } from "./money";
import type { OrderStatus, PaymentState } from "./orders";

type Money = { status: OrderStatus; paymentState: PaymentState; totalCents: number };

/** The two answers to "Collected $8.39?" when Done is tapped on a ticket that still owes money. */
export const COLLECT_ANSWERS = ["collected", "not_collected"] as const;
export type CollectAnswer = (typeof COLLECT_ANSWERS)[number];

/** The question Done asks of a ticket that still has money to collect. */
export function collectQuestion(cents: number): string {
  return `Collected ${formatCents(cents)}?`;
}

/**
 * What the counter owes back: a cancelled order that was paid at the counter, until the money is
 * handed back (`given_back`).
 */
export function amountToGiveBack(order: Money): number {
  return order.status === "cancelled" && order.paymentState === "paid_at_counter" ? order.totalCents : 0;
}

/** The board's prompt for money owed back at the counter. */
export function giveBackPrompt(cents: number): string {
  return `Give back ${formatCents(cents)}`;
}

/** Where a cancelled order's money is, as its shopper's page says it. */
export const CANCELLED_MONEY = [
  "refund_on_its_way",
  "refunded",
  "owed_at_counter",
  "given_back",
  "never_charged",
] as const;
export type CancelledMoney = (typeof CANCELLED_MONEY)[number];

export function cancelledMoney(order: { paymentState: PaymentState }): CancelledMoney {
  switch (order.paymentState) {
    case "refund_pending":
      return "refund_on_its_way";
    case "refunded":
      return "refunded";
    case "paid_at_counter":
      return "owed_at_counter";
    case "given_back":
      return "given_back";
    default:
      return "never_charged";
  }
}

/** The sentence the shopper's cancelled order page says about the money. */
export function cancelledMoneyText(order: { paymentState: PaymentState; totalCents: number }): string {
  const amount = formatCents(order.totalCents);
  switch (cancelledMoney(order)) {
    case "refund_on_its_way":
      return `Your refund of ${amount} is on its way to the card you paid with.`;
    case "refunded":
      return `${amount} was refunded to the card you paid with. It usually shows within 5–10 business days.`;
    case "owed_at_counter":
      return `You paid ${amount} at the counter: the shop gives it back to you there.`;
    case "given_back":
      return `The ${amount} you paid at the counter was given back to you there.`;
    case "never_charged":
      return "Nothing was charged for this order.";
  }
}
