/**
 * The counting rules of the owner's numbers, once (docs/decisions/0024-the-owners-numbers.md):
 * which orders are sales, where their money stands, how they were paid, and which orders gave
 * money back and when. The SQL texts and the classification below are used by the figures and
 * the CSV exports alike.
 *
 * Payment states are matched by their string values, `not_collected` and `given_back` included:
 * SQL text is not type-checked, so a state added to common/orders.ts later is counted as these
 * rules say without a change here.
 */
import type { SalePaymentMethod } from "#common/numbers";
import { CARD_REFUND_SQL, COUNTER_REFUND_SQL } from "#worker/db/schema/orders";

/**
 * Orders that reached the shop: not a card checkout still awaiting payment, nor one that lapsed
 * unpaid (a card order cancelled with nothing owed never reached the board).
 */
export const REACHED_SHOP_SQL =
  "o.payment_state <> 'pending' AND NOT (o.payment_mode = 'stripe' AND o.payment_state = 'not_required')";

/** Cancelled before any money was taken: shown apart, not a sale. */
const CANCELLED_UNPAID_SQL = "(o.status = 'cancelled' AND o.payment_state = 'not_required')";

/** A sale: an order that reached the shop, unless it was cancelled before any money was taken. */
export const SALE_SQL = `${REACHED_SHOP_SQL} AND NOT ${CANCELLED_UNPAID_SQL}`;

/**
 * Money given back, by the instant it was given back: card refunds at `refunded_at`, the
 * counter's (`given_back`, or paid at the counter and then cancelled) at the change that gave it
 * back. Each text is the WHERE of a partial index (worker/db/schema/orders.ts), kept verbatim so
 * the index serves the query.
 */
export const REFUND_SOURCES = [
  { where: CARD_REFUND_SQL, at: "refunded_at", index: "orders_location_card_refund_idx" },
  { where: COUNTER_REFUND_SQL, at: "updated_at", index: "orders_location_counter_refund_idx" },
] as const;

/** Where a sale's money stands. */
export type SaleStanding = "collected" | "refund_owed" | "to_collect" | "not_collected";
export type OrderStanding = SaleStanding | "cancelled";

/** The same rule as the SQL above, for one order that reached the shop. */
export function orderStanding(paymentState: string, status: string): OrderStanding {
  if (paymentState === "not_required") return status === "cancelled" ? "cancelled" : "to_collect";
  if (paymentState === "not_collected") return "not_collected";
  if (paymentState === "refund_pending") return "refund_owed";
  // paid, refunded, paid_at_counter, given_back: the money was taken (a refund is counted apart).
  return "collected";
}

/** Whether the money of a sale in this standing is in total collected. */
export function isCollected(standing: OrderStanding): boolean {
  return standing === "collected" || standing === "refund_owed";
}

/** How an order was paid: by card online, else at the counter (pickup) or at the door (delivery). */
export function salePaymentMethod(paymentMode: string, fulfilment: string): SalePaymentMethod {
  if (paymentMode === "stripe") return "card";
  return fulfilment === "delivery" ? "door" : "counter";
}

/** The drinks' part of an order's money: what is left of its total without its tip and delivery fee. */
export const ITEMS_CENTS_SQL = "(o.total_cents - o.tip_cents - o.delivery_fee_cents)";
