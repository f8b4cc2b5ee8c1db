/**
 * A paid card order cancelled at the counter: money moves only with the state. The order is
 * first claimed for cancellation (`refund_pending`, so no other move can win after it), then
 * refunded through Stripe with a key derived from the order (one refund however often it is
 * tried), then the refund is recorded. A refund that fails leaves the order cancelled and
 * `refund_pending` on the board, where the staff retry it (docs/decisions/0012, addendum).
 */
import type { StaffMembership } from "#common/staff";
import type { Database } from "#worker/db/client";
import type { Env } from "#worker/env";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError, notFound } from "#worker/lib/errors";
import { allAnnouncements, NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { loadOrder, shopOrder, type LoadedOrder } from "#worker/services/orders/loading";
import {
  claimForCancellation,
  recordRefund,
  refundStillPending,
  type OrderChange,
} from "#worker/services/orders/transitions";
import { paymentConfig, refundOrderPayment } from "#worker/services/stripe-api";

export interface CancellationRefundInput {
  db: Database;
  env: Env;
  staff: StaffMembership;
  staffUserId: string;
}

/** A card payment to refund; an order its discounts made free was paid with nothing to give back. */
export const isPaidByCard = (order: LoadedOrder) =>
  order.row.paymentMode === "stripe" && order.row.paymentState === "paid" && order.row.totalCents > 0;

/** Stripe's secret key, asked for before an order is claimed: without it a paid order is not cancelled here. */
function refundKey(env: Env): string {
  const payment = paymentConfig(env);
  if (payment.mode === "stripe") return payment.secretKey;
  throw new ApiError(
    502,
    "refund_unavailable",
    "Card refunds are not configured, so this paid order cannot be cancelled here.",
  );
}

/** The order as it is now, after another writer (Stripe's webhook) recorded its refund first. */
async function reloaded(input: CancellationRefundInput, order: LoadedOrder): Promise<LoadedOrder> {
  const latest = await loadOrder(input.db, shopOrder(input.staff.locationId, order.row.id));
  if (!latest) throw notFound("Order not found");
  return latest;
}

/**
 * Refunds an order claimed for cancellation and records the outcome: refunded, or still
 * `refund_pending` (the customer told the refund is to come) when Stripe could not make it.
 */
async function refundClaimed(
  input: CancellationRefundInput,
  order: LoadedOrder,
  secretKey: string,
  claimNews: Announcements,
): Promise<OrderChange> {
  const { db, staffUserId } = input;
  let refund: { id: string; amountCents: number };
  try {
    refund = await refundOrderPayment(secretKey, {
      orderId: order.row.id,
      paymentIntentId: order.row.stripePaymentIntentId,
      checkoutSessionId: order.row.stripeSessionId,
      amountCents: order.row.totalCents,
    });
  } catch (error) {
    console.error(`Stripe refund for order ${order.row.id} failed; it stays refund_pending:`, errorMessages(error));
    const pending = await refundStillPending(db, order, staffUserId);
    if (pending) return { order: pending.order, news: allAnnouncements(claimNews, pending.news) };
    // Stripe's webhook says it was refunded after all (and told the customer).
    return { order: await reloaded(input, order), news: claimNews };
  }
  const recorded = await recordRefund(db, order, staffUserId, refund);
  if (recorded) return { order: recorded.order, news: allAnnouncements(claimNews, recorded.news) };
  // Stripe's webhook recorded the refund first (and told the customer): the order as it now is.
  return { order: await reloaded(input, order), news: claimNews };
}

/** A paid card order: claimed for cancellation, refunded, recorded. Null when the claim lost a race. */
export async function cancelPaidOrder(
  input: CancellationRefundInput,
  order: LoadedOrder,
  reason: string,
): Promise<OrderChange | null> {
  const secretKey = refundKey(input.env);
  const claimed = await claimForCancellation(input.db, order, input.staffUserId, reason);
  if (!claimed) return null;
  return refundClaimed(input, claimed.order, secretKey, claimed.news);
}

/** A cancelled order whose refund did not go through (`refund_pending`): the refund is tried again. */
export function retryRefund(input: CancellationRefundInput, order: LoadedOrder): Promise<OrderChange> {
  return refundClaimed(input, order, refundKey(input.env), NOTHING_TO_ANNOUNCE);
}
