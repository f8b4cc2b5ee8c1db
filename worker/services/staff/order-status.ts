/**
 * The counter moves an order along its lifecycle (common/order-lifecycle.ts): this decides
 * whether the move is allowed and which transition it is (worker/services/orders/transitions.ts
 * writes it). A paid card order's cancellation moves its money only with its state
 * (./cancellation-refund.ts); cancelling again an order whose refund did not go through retries
 * the refund. Done on a ticket that still owes money needs the counter's answer to "Collected?".
 * A move that lost a race with another, or whose tablet showed the order otherwise than it now
 * stands (./move-conflicts.ts), answers 409 `order_changed` naming the state the order is in.
 */
import { collectQuestion, type CollectAnswer } from "#common/cash-drawer";
import { amountToCollect, canMoveTo, ORDER_STATUS_LABELS, PAYMENT_STATE_LABELS } from "#common/order-lifecycle";
import type { ExpectedOrderState } from "#common/forms/order-status";
import type { OrderStatus, PaymentState } from "#common/orders";
import type { StaffMembership } from "#common/staff";
import type { StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import type { Env } from "#worker/env";
import { ApiError, notFound } from "#worker/lib/errors";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { loadOrder, shopOrder, type LoadedOrder } from "#worker/services/orders/loading";
import { toStaffOrder } from "#worker/services/orders/shapes";
import {
  cancelAtCounter,
  completeWithPayment,
  markCompleted,
  markPreparing,
  markReady,
  type OrderChange,
} from "#worker/services/orders/transitions";
import { cancelPaidOrder, isPaidByCard, retryRefund } from "./cancellation-refund";
import { alreadyMade, conflicts } from "./move-conflicts";

export interface StatusChangeInput {
  db: Database;
  env: Env;
  staff: StaffMembership;
  staffUserId: string;
  orderId: string;
  status: OrderStatus;
  reason?: string;
  /** Done on a ticket that still owes money: the answer to "Collected $8.39?". */
  payment?: CollectAnswer;
  /** The status and payment state the tablet showed when the move was tapped. */
  expected?: ExpectedOrderState;
}

export interface StatusChangeResult {
  order: StaffOrder;
  /** False when the order already was in that state (a repeated request changes nothing). */
  changed: boolean;
  news: Announcements;
}

function illegalMove(from: OrderStatus, to: OrderStatus): ApiError {
  return new ApiError(409, "invalid_transition", `An order that is ${from} cannot become ${to}.`, "status");
}

/**
 * Someone else changed the order first, to something other than what this request asked for:
 * its state now, and its payment when it is not what the tablet showed.
 */
function changedMeanwhile(shown: { paymentState: PaymentState }, latest: LoadedOrder): ApiError {
  const status = ORDER_STATUS_LABELS[latest.row.status].toLowerCase();
  const payment =
    latest.row.paymentState === shown.paymentState
      ? ""
      : ` (${PAYMENT_STATE_LABELS[latest.row.paymentState].toLowerCase()})`;
  return new ApiError(
    409,
    "order_changed",
    `This order was changed meanwhile and is now ${status}${payment}: look at it again before you move it.`,
    "status",
  );
}

function unchanged(order: LoadedOrder): StatusChangeResult {
  return { order: toStaffOrder(order), changed: false, news: NOTHING_TO_ANNOUNCE };
}

/** The counter's transition to `status`, for an order whose move there is allowed. Null when it lost a race. */
function moveTo(input: StatusChangeInput, order: LoadedOrder): Promise<OrderChange | null> {
  const { db, staffUserId, status } = input;
  const reason = (input.reason ?? "").trim();
  switch (status) {
    case "preparing":
      return markPreparing(db, order, staffUserId);
    case "ready":
      return markReady(db, order, staffUserId);
    case "completed":
      return completeAtCounter(input, order);
    case "cancelled":
      return isPaidByCard(order)
        ? cancelPaidOrder(input, order, reason)
        : cancelAtCounter(db, order, staffUserId, reason);
    default:
      throw illegalMove(order.row.status, status);
  }
}

/**
 * Done: an order that still owes money is completed only with the counter's answer to
 * "Collected $8.39?" (409 `collect_unanswered` without it), so none is handed over silently.
 */
function completeAtCounter(input: StatusChangeInput, order: LoadedOrder): Promise<OrderChange | null> {
  const owed = amountToCollect(order.row);
  if (owed === 0) return markCompleted(input.db, order, input.staffUserId);
  if (!input.payment) {
    throw new ApiError(
      409,
      "collect_unanswered",
      `${collectQuestion(owed)} Say whether the money was collected before this order is done.`,
      "payment",
    );
  }
  return completeWithPayment(input.db, order, input.staffUserId, input.payment);
}

/** A move that lost a race is decided once more on the order as it now is, then refused. */
const ATTEMPTS = 2;

export async function changeOrderStatus(input: StatusChangeInput): Promise<StatusChangeResult> {
  const { db, staff, orderId, status } = input;
  const load = async () => {
    const order = await loadOrder(db, shopOrder(staff.locationId, orderId));
    if (!order) throw notFound("Order not found");
    return order;
  };
  const order = await load();
  if (status === "cancelled" && order.row.paymentState === "refund_pending") {
    const retried = await retryRefund(input, order);
    return { order: toStaffOrder(retried.order), changed: true, news: retried.news };
  }
  const shown = input.expected ?? order.row;
  let current = order;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (alreadyMade(current.row, input)) return unchanged(current);
    if (conflicts(current.row, input)) throw changedMeanwhile(shown, current);
    if (!canMoveTo(current.row.status, status)) {
      throw current === order ? illegalMove(current.row.status, status) : changedMeanwhile(shown, current);
    }
    const change = await moveTo(input, current);
    if (change) return { order: toStaffOrder(change.order), changed: true, news: change.news };
    // Lost a race: the same move made by someone else is done; another status means the move is
    // refused; a payment recorded meanwhile (Collect) is decided on once more.
    const decidedFrom = current.row.status;
    current = await load();
    if (current.row.status !== decidedFrom) break;
  }
  if (alreadyMade(current.row, input)) return unchanged(current);
  throw changedMeanwhile(shown, current);
}
