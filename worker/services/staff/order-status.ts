/**
 * The counter moves an order along its lifecycle (common/order-lifecycle.ts): this decides
 * whether the move is allowed and which transition it is (worker/services/orders/transitions.ts
 * writes it). A cancelled card order is refunded through Stripe first, with a key derived from
 * the order so it is refunded once however often the cancellation is retried.
 */
import { canMoveTo } from "#common/order-lifecycle";
import type { OrderStatus } from "#common/orders";
import type { StaffMembership } from "#common/staff";
import type { StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import type { Env } from "#worker/env";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError, notFound } from "#worker/lib/errors";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { loadOrder, locationOrder, type LoadedOrder, type OrderRow } from "#worker/services/orders/loading";
import { toStaffOrder } from "#worker/services/orders/shapes";
import {
  cancelAtCounter,
  markCompleted,
  markPreparing,
  markReady,
  type OrderChange,
} from "#worker/services/orders/transitions";
import { paymentConfig, refundOrderPayment } from "#worker/services/payments/stripe";

export interface StatusChangeInput {
  db: Database;
  env: Env;
  staff: StaffMembership;
  staffUserId: string;
  orderId: string;
  status: OrderStatus;
  reason?: string;
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

function unchanged(order: LoadedOrder): StatusChangeResult {
  return { order: toStaffOrder(order), changed: false, news: NOTHING_TO_ANNOUNCE };
}

/** Refunds a paid card order in full; answers the refund, or null when nothing was charged. */
async function refundIfPaid(env: Env, row: OrderRow): Promise<{ id: string; amountCents: number } | null> {
  if (row.paymentMode !== "stripe" || row.paymentState !== "paid") return null;
  const payment = paymentConfig(env);
  if (payment.mode !== "stripe") {
    throw new ApiError(
      502,
      "refund_unavailable",
      "Card refunds are not configured, so this paid order cannot be cancelled here.",
    );
  }
  try {
    return await refundOrderPayment(payment.secretKey, {
      orderId: row.id,
      paymentIntentId: row.stripePaymentIntentId,
      checkoutSessionId: row.stripeSessionId,
      amountCents: row.totalCents,
    });
  } catch (error) {
    console.error(`Stripe refund for order ${row.id} failed:`, errorMessages(error));
    throw new ApiError(
      502,
      "refund_failed",
      "The refund could not be made right now, so the order is not cancelled. Please try again.",
    );
  }
}

/** The counter's transition to `status`, for an order whose move there is allowed. */
async function moveTo(input: StatusChangeInput, order: LoadedOrder): Promise<OrderChange | null> {
  const { db, env, staffUserId, status } = input;
  switch (status) {
    case "preparing":
      return markPreparing(db, order, staffUserId);
    case "ready":
      return markReady(db, order, staffUserId);
    case "completed":
      return markCompleted(db, order, staffUserId);
    case "cancelled": {
      const refund = await refundIfPaid(env, order.row);
      return cancelAtCounter(db, order, staffUserId, (input.reason ?? "").trim(), refund);
    }
    default:
      throw illegalMove(order.row.status, status);
  }
}

export async function changeOrderStatus(input: StatusChangeInput): Promise<StatusChangeResult> {
  const { db, staff, orderId, status } = input;
  const order = await loadOrder(db, locationOrder(staff.locationId, orderId));
  if (!order) throw notFound("Order not found");
  if (order.row.status === status) return unchanged(order);
  if (!canMoveTo(order.row.status, status)) throw illegalMove(order.row.status, status);

  const change = await moveTo(input, order);
  if (!change) {
    // Someone else moved it first: the same move is done already; any other is refused as usual.
    const latest = await loadOrder(db, locationOrder(staff.locationId, orderId));
    if (!latest) throw notFound("Order not found");
    if (latest.row.status === status) return unchanged(latest);
    throw illegalMove(latest.row.status, status);
  }
  return { order: toStaffOrder(change.order), changed: true, news: change.news };
}
