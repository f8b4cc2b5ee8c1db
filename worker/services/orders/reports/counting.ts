/**
 * The counting rules of the owner's numbers, once (docs/decisions/0024-the-owners-numbers.md):
 * which orders are sales, where their money stands, how they were paid, and which orders gave
 * money back, when, and how much of it was the drinks', the tip's and the delivery fee's. The SQL
 * texts and the classification below are used by the figures and the CSV exports alike.
 */
import type { SalePaymentMethod } from "#common/numbers";
import { CARD_REFUND_SQL, GIVEN_BACK_SQL, PARTIAL_REFUND_SQL } from "#worker/db/schema/orders";

/**
 * The drinks' part of an order's money, its gross sales: the drinks' subtotal stored when it was
 * placed, never worked out from the total, so money taken off an order cannot shrink it.
 */
export const ITEMS_CENTS_SQL = "o.subtotal_cents";

/**
 * A card payment that reached an order already released unpaid (docs/decisions/0019), refunded at
 * once: the one change that records it writes its payment and its refund at the same instant, which
 * no other order's payment and refund share (a refund follows a payment committed before it).
 * Left to the end of an AND, so only a cancelled refunded card order reads the two instants.
 */
const PAID_AFTER_RELEASE_SQL =
  "(o.status = 'cancelled' AND o.payment_state = 'refunded' AND o.payment_mode = 'stripe' AND ifnull(o.paid_at = o.refunded_at, 0))";

/**
 * Orders that reached the shop: not a card checkout still awaiting payment, nor one released
 * unpaid (never on the board), nor one whose payment arrived after its release and went straight
 * back (it never reached the board either: not a sale, not a refund, not a cancellation).
 */
export const REACHED_SHOP_SQL = `o.payment_state <> 'pending' AND NOT (o.payment_mode = 'stripe' AND o.payment_state = 'not_required') AND NOT ${PAID_AFTER_RELEASE_SQL}`;

/** Cancelled before any money was taken: shown apart, not a sale. */
const CANCELLED_UNPAID_SQL = "(o.status = 'cancelled' AND o.payment_state = 'not_required')";

/** A sale: an order that reached the shop, unless it was cancelled before any money was taken. */
export const SALE_SQL = `${REACHED_SHOP_SQL} AND NOT ${CANCELLED_UNPAID_SQL}`;

/** The drinks as charged: their subtotal less the order's discounts. A refund never gives back more. */
const CHARGED_DRINKS_SQL = `(${ITEMS_CENTS_SQL} - o.discount_cents)`;

/**
 * A partial refund's split, drinks first: it comes off the drinks as charged, then the tip, then
 * the delivery fee (a refund from Stripe's dashboard is an amount, most often for a drink that was
 * wrong or missing; the tip is the staff's and the fee paid for a trip that was made).
 */
const PARTIAL = "o.partly_refunded_cents";
const PARTIAL_DRINKS_SQL = `min(${PARTIAL}, ${CHARGED_DRINKS_SQL})`;
const PARTIAL_TIP_SQL = `min(${PARTIAL} - ${PARTIAL_DRINKS_SQL}, o.tip_cents)`;
const PARTIAL_FEE_SQL = `(${PARTIAL} - ${PARTIAL_DRINKS_SQL} - ${PARTIAL_TIP_SQL})`;

/** How much of the order's money a refund gave back, and of it the drinks', tip's and fee's parts. */
export interface RefundParts {
  drinks: string;
  tip: string;
  fee: string;
  total: string;
}

/**
 * Money given back, by the instant it was given back, each source a WHERE of a partial index
 * (worker/db/schema/orders.ts, kept verbatim so the index serves the query):
 * - part of a card payment refunded from Stripe's dashboard, at `partly_refunded_at`;
 * - a card refund in full, at `refunded_at`, for what a partial refund had not given back already
 *   (not a payment refunded because it came after its order's release: that never was a sale);
 * - money handed back at the counter (`given_back`), at `given_back_at`.
 * Money paid at the counter for an order since cancelled, not yet handed back, is a refund owed.
 */
export const REFUND_SOURCES: { where: string; at: string; index: string; parts: RefundParts }[] = [
  {
    where: PARTIAL_REFUND_SQL,
    at: "partly_refunded_at",
    index: "orders_location_partial_refund_idx",
    parts: { drinks: PARTIAL_DRINKS_SQL, tip: PARTIAL_TIP_SQL, fee: PARTIAL_FEE_SQL, total: PARTIAL },
  },
  {
    where: `${CARD_REFUND_SQL} AND NOT ${PAID_AFTER_RELEASE_SQL}`,
    at: "refunded_at",
    index: "orders_location_card_refund_idx",
    parts: {
      drinks: `(${CHARGED_DRINKS_SQL} - ${PARTIAL_DRINKS_SQL})`,
      tip: `(o.tip_cents - ${PARTIAL_TIP_SQL})`,
      fee: `(o.delivery_fee_cents - ${PARTIAL_FEE_SQL})`,
      total: `(o.total_cents - ${PARTIAL})`,
    },
  },
  {
    where: GIVEN_BACK_SQL,
    at: "given_back_at",
    index: "orders_location_given_back_idx",
    parts: { drinks: CHARGED_DRINKS_SQL, tip: "o.tip_cents", fee: "o.delivery_fee_cents", total: "o.total_cents" },
  },
];

/** Where a sale's money stands. */
export type SaleStanding = "collected" | "refund_owed" | "to_collect" | "not_collected";
export type OrderStanding = SaleStanding | "cancelled";

/** The same rule as the SQL above, for one order that reached the shop. */
export function orderStanding(paymentState: string, status: string): OrderStanding {
  if (paymentState === "not_required") return status === "cancelled" ? "cancelled" : "to_collect";
  if (paymentState === "not_collected") return "not_collected";
  if (paymentState === "refund_pending") return "refund_owed";
  // Paid at the counter, then cancelled: owed back at the counter until it is given back.
  if (paymentState === "paid_at_counter" && status === "cancelled") return "refund_owed";
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
