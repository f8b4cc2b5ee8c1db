/**
 * Changes the counter makes besides moving an order on (./order-status.ts): recalling an order
 * completed or cancelled by mistake, marking a pay-on-pickup order paid at the counter, and
 * handing back the money of a cancelled one.
 * This decides whether the change is allowed; worker/services/orders/transitions.ts writes it.
 */
import { amountToGiveBack } from "#common/cash-drawer";
import { amountToCollect, RECALL_REFUSALS, recallTarget } from "#common/order-lifecycle";
import type { StaffMembership } from "#common/staff";
import type { StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { ApiError, notFound } from "#worker/lib/errors";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { cancelledFromByOrder } from "#worker/services/orders/board-orders";
import { loadOrder, shopOrder, type LoadedOrder } from "#worker/services/orders/loading";
import { toStaffOrder } from "#worker/services/orders/shapes";
import { isSlotFull } from "#worker/services/orders/pickup-slots";
import { markGivenBack, markPaidAtCounter, recallAtCounter } from "#worker/services/orders/transitions";
import { promoCodeOf } from "#worker/services/orders/discount-rows";
import { recallRefusalError } from "#worker/services/promo-codes/refusal";
import { promoLimitReached } from "#worker/services/promo-codes/use";

export interface CounterChangeInput {
  db: Database;
  staff: StaffMembership;
  staffUserId: string;
  orderId: string;
}

export interface CounterChangeResult {
  order: StaffOrder;
  news: Announcements;
}

async function shopOrderOf({ db, staff, orderId }: CounterChangeInput): Promise<LoadedOrder> {
  const order = await loadOrder(db, shopOrder(staff.locationId, orderId));
  if (!order) throw notFound("Order not found");
  return order;
}

function changedMeanwhile(): ApiError {
  return new ApiError(409, "order_changed", "Someone else changed this order just now. Look at it again.");
}

/**
 * Recall: a completed order back to ready; a cancelled one back to the state it was cancelled
 * from, unless it was refunded — within RECALL_WINDOW_MINUTES of the change. 409
 * `not_recallable` says why not; `slot_full`, or a promo code refusal (`promo_used_up`), that
 * what it gave back when cancelled is no longer there to take.
 */
export async function recallOrder(input: CounterChangeInput): Promise<CounterChangeResult> {
  const order = await shopOrderOf(input);
  const { row } = order;
  const cancelledFrom =
    row.status === "cancelled" ? ((await cancelledFromByOrder(input.db, [row.id])).get(row.id) ?? null) : null;
  const target = recallTarget({ ...row, cancelledFrom }, Date.now());
  if ("refusal" in target) throw new ApiError(409, "not_recallable", RECALL_REFUSALS[target.refusal]);
  let change;
  try {
    change = await recallAtCounter(input.db, order, input.staffUserId, target.to);
  } catch (error) {
    // Its pickup place or drinks went to another order since it was cancelled.
    if (isSlotFull(error)) throw new ApiError(409, "slot_full", RECALL_REFUSALS.slot_full);
    // Its promo code's use, given back when it was cancelled, went to other orders since.
    const limit = promoLimitReached(error);
    if (limit) throw recallRefusalError(limit, await promoCodeOf(input.db, row.id));
    throw error;
  }
  if (!change) throw changedMeanwhile();
  return { order: toStaffOrder(change.order), news: change.news };
}

/**
 * Money paid at the counter for an order since cancelled was handed back there:
 * `paid_at_counter` → `given_back`, with who and when in its history. Repeating it changes
 * nothing; 409 `nothing_to_give_back` for any other order.
 */
export async function giveBackAtCounter(input: CounterChangeInput): Promise<CounterChangeResult> {
  const order = await shopOrderOf(input);
  const unchanged = (current: LoadedOrder) => ({ order: toStaffOrder(current), news: NOTHING_TO_ANNOUNCE });
  if (order.row.paymentState === "given_back") return unchanged(order);
  if (amountToGiveBack(order.row) === 0) {
    throw new ApiError(
      409,
      "nothing_to_give_back",
      "Only a cancelled order that was paid at the counter has money to give back.",
    );
  }
  const change = await markGivenBack(input.db, order, input.staffUserId);
  if (change) return { order: toStaffOrder(change.order), news: change.news };
  const latest = await shopOrderOf(input);
  if (latest.row.paymentState === "given_back") return unchanged(latest);
  throw changedMeanwhile();
}

/**
 * A pay-on-pickup (or delivery) order's total was collected at the counter: `not_required` (or
 * `not_collected`, handed over unpaid) → `paid_at_counter`. Repeating it changes nothing; 409 `not_payable_at_counter` for an order that
 * owes nothing there (paid by card, cancelled).
 */
export async function collectAtCounter(input: CounterChangeInput): Promise<CounterChangeResult> {
  const order = await shopOrderOf(input);
  const unchanged = (current: LoadedOrder) => ({ order: toStaffOrder(current), news: NOTHING_TO_ANNOUNCE });
  if (order.row.paymentState === "paid_at_counter") return unchanged(order);
  const { row } = order;
  if (row.paymentMode !== "pay_on_pickup" || amountToCollect(row) === 0 || row.status === "cancelled") {
    throw new ApiError(
      409,
      "not_payable_at_counter",
      "Only an unpaid pay-on-pickup order that is not cancelled can be marked paid at the counter.",
    );
  }
  const change = await markPaidAtCounter(input.db, order, input.staffUserId);
  if (change) return { order: toStaffOrder(change.order), news: change.news };
  const latest = await shopOrderOf(input);
  if (latest.row.paymentState === "paid_at_counter") return unchanged(latest);
  throw changedMeanwhile();
}
