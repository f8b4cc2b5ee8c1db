/**
 * The counter moves an order along its lifecycle (common/order-lifecycle.ts). The change, its
 * entry in the order's history and its e-mail to the customer are one D1 batch; a cancelled card
 * order is refunded through Stripe first, with a key derived from the order so it is refunded
 * once however often the cancellation is retried.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { canMoveTo } from "#common/order-lifecycle";
import type { OrderStatus, PaymentState } from "#common/orders";
import type { StaffMembership } from "#common/staff";
import type { StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locations, orders } from "#worker/db/schema";
import { orderCancelledEmail, orderReadyEmail } from "#worker/emails/order-status";
import type { Env } from "#worker/env";
import { errorMessages, isNotNullViolation } from "#worker/lib/db-errors";
import { ApiError, notFound } from "#worker/lib/errors";
import { orderUpdate, type OrderUpdate } from "#worker/services/live/channel";
import { loadOrderEmailDetails } from "#worker/services/orders/emails";
import { orderEventStatement } from "#worker/services/orders/events";
import { itemsByOrder, pickupsByOrder, toStaffOrder, type OrderRow } from "#worker/services/orders/reading";
import { queueEmail } from "#worker/services/outbox";
import { paymentConfig, refundOrderPayment } from "#worker/services/payments/stripe";
import { findLocationOrder } from "./board-orders";

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
  emailIds: string[];
  liveUpdates: OrderUpdate[];
}

function illegalMove(from: OrderStatus, to: OrderStatus): ApiError {
  return new ApiError(409, "invalid_transition", `An order that is ${from} cannot become ${to}.`, "status");
}

async function currentState(db: Database, row: OrderRow): Promise<StatusChangeResult> {
  const [items, pickups] = await Promise.all([itemsByOrder(db, [row.id]), pickupsByOrder(db, [row.id])]);
  const order = toStaffOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null);
  return { order, changed: false, emailIds: [], liveUpdates: [] };
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

export async function changeOrderStatus(input: StatusChangeInput): Promise<StatusChangeResult> {
  const { db, env, staff, staffUserId, orderId, status } = input;
  const row = await findLocationOrder(db, staff.locationId, orderId);
  if (!row) throw notFound("Order not found");
  if (row.status === status) return currentState(db, row);
  if (!canMoveTo(row.status, status)) throw illegalMove(row.status, status);

  const reason = status === "cancelled" ? (input.reason ?? "").trim() : null;
  const refund = status === "cancelled" ? await refundIfPaid(env, row) : null;
  const paymentState: PaymentState = refund ? "refunded" : row.paymentState;
  const now = new Date().toISOString();

  const statements: BatchItem<"sqlite">[] = [
    // Guarded: if another tap moved the order since it was read, CASE yields NULL, the NOT NULL
    // column refuses it and the whole batch (history and e-mail too) is undone.
    db
      .update(orders)
      .set({
        status: sql`CASE WHEN ${orders.status} = ${row.status} THEN ${status} END`,
        paymentState,
        updatedAt: now,
        ...(status === "cancelled" ? { cancelReason: reason } : {}),
        ...(refund ? { stripeRefundId: refund.id, refundedAt: now } : {}),
      })
      .where(eq(orders.id, row.id)),
    orderEventStatement(db, {
      orderId: row.id,
      status,
      previousStatus: row.status,
      paymentState,
      actor: "staff",
      actorUserId: staffUserId,
      reason,
      at: now,
    }),
  ];
  const emailIds: string[] = [];
  const email = await customerEmailFor(db, row, status, {
    reason: reason ?? "",
    refundedCents: refund?.amountCents ?? null,
  });
  if (email) {
    const queued = queueEmail(db, { ...email, orderId: row.id });
    emailIds.push(queued.id);
    statements.push(queued.statement);
  }

  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isNotNullViolation(error, "orders.status")) throw error;
    // Someone else moved it first: the same move is done already; any other is refused as usual.
    const latest = await findLocationOrder(db, staff.locationId, orderId);
    if (!latest) throw notFound("Order not found");
    if (latest.status === status) return currentState(db, latest);
    throw illegalMove(latest.status, status);
  }

  const updated = (await findLocationOrder(db, staff.locationId, orderId))!;
  const items = (await itemsByOrder(db, [row.id])).get(row.id) ?? [];
  const pickup = (await pickupsByOrder(db, [row.id])).get(row.id) ?? null;
  return {
    order: toStaffOrder(updated, items, pickup),
    changed: true,
    emailIds,
    liveUpdates: [orderUpdate(updated, items, pickup)],
  };
}

/** The customer hears when the order is ready and when the shop cancels it; the other steps are quiet. */
async function customerEmailFor(
  db: Database,
  row: OrderRow,
  status: OrderStatus,
  cancellation: { reason: string; refundedCents: number | null },
): Promise<{ kind: string; to: string; subject: string; html: string; text: string } | null> {
  if ((status !== "ready" && status !== "cancelled") || !row.customerEmail) return null;
  const [details, [location]] = await Promise.all([
    loadOrderEmailDetails(db, row.id),
    db.select().from(locations).where(eq(locations.id, row.locationId)),
  ]);
  if (!details || !location) return null;
  const rendered =
    status === "ready" ? orderReadyEmail(details, location) : orderCancelledEmail(details, location, cancellation);
  return { kind: status === "ready" ? "order-ready" : "order-cancelled", to: row.customerEmail, ...rendered };
}
