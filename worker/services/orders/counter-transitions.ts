/**
 * Two changes the counter makes besides moving an order on (worker/services/staff/order-status.ts):
 * recalling an order completed or cancelled by mistake, and marking a pay-on-pickup order paid at
 * the counter. Each is a guarded update written with its history row in one batch: if the order
 * changed since it was read, the guarded column gets NULL, its NOT NULL constraint refuses it and
 * nothing is written.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { RECALL_REFUSALS, recallTarget } from "#common/order-lifecycle";
import type { OrderStatus, PaymentState } from "#common/orders";
import type { StaffMembership } from "#common/staff";
import type { StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import { isNotNullViolation } from "#worker/lib/db-errors";
import { ApiError, notFound } from "#worker/lib/errors";
import { orderUpdate, type OrderUpdate } from "#worker/services/live/channel";
import { cancelledFromByOrder, findLocationOrder } from "#worker/services/staff/board-orders";
import { orderEventStatement } from "./events";
import { itemsByOrder, pickupsByOrder, toStaffOrder, type OrderRow } from "./reading";

export interface CounterChangeInput {
  db: Database;
  staff: StaffMembership;
  staffUserId: string;
  orderId: string;
}

export interface CounterChangeResult {
  order: StaffOrder;
  liveUpdates: OrderUpdate[];
}

/** What the history says of a recall. */
export const RECALL_REASON = "Recalled";

async function currentOrder(db: Database, row: OrderRow): Promise<CounterChangeResult> {
  const [items, pickups] = await Promise.all([itemsByOrder(db, [row.id]), pickupsByOrder(db, [row.id])]);
  const order = toStaffOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null);
  return { order, liveUpdates: [orderUpdate(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null)] };
}

async function findOrder(input: CounterChangeInput): Promise<OrderRow> {
  const row = await findLocationOrder(input.db, input.staff.locationId, input.orderId);
  if (!row) throw notFound("Order not found");
  return row;
}

/**
 * The guarded update and its history row as one batch; answers the order as it now is, or null
 * when it had changed since it was read (nothing is written then).
 */
async function commitGuarded(
  input: CounterChangeInput,
  row: OrderRow,
  change: {
    stillAsRead: SQL;
    guarded: { column: "status"; value: OrderStatus } | { column: "paymentState"; value: PaymentState };
    set: Partial<typeof orders.$inferInsert>;
    event: { status: OrderStatus; paymentState: PaymentState; reason: string | null };
  },
): Promise<CounterChangeResult | null> {
  const { db } = input;
  const at = new Date().toISOString();
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(orders)
      .set({
        ...change.set,
        [change.guarded.column]: sql`CASE WHEN ${change.stillAsRead} THEN ${change.guarded.value} END`,
        updatedAt: at,
      })
      .where(eq(orders.id, row.id)),
    orderEventStatement(db, {
      orderId: row.id,
      previousStatus: row.status,
      actor: "staff",
      actorUserId: input.staffUserId,
      at,
      ...change.event,
    }),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    const column = change.guarded.column === "status" ? "orders.status" : "orders.payment_state";
    if (isNotNullViolation(error, column)) return null;
    throw error;
  }
  return currentOrder(db, (await findOrder(input))!);
}

function changedMeanwhile(): ApiError {
  return new ApiError(409, "order_changed", "Someone else changed this order just now. Look at it again.");
}

/**
 * Recall: a completed order back to ready; a cancelled one back to the state it was cancelled
 * from, unless it was refunded — within RECALL_WINDOW_MINUTES of the change. 409
 * `not_recallable` says why not.
 */
export async function recallOrder(input: CounterChangeInput): Promise<CounterChangeResult> {
  const row = await findOrder(input);
  const cancelledFrom =
    row.status === "cancelled" ? ((await cancelledFromByOrder(input.db, [row.id])).get(row.id) ?? null) : null;
  const target = recallTarget({ ...row, cancelledFrom }, Date.now());
  if ("refusal" in target) throw new ApiError(409, "not_recallable", RECALL_REFUSALS[target.refusal]);
  const recalled = await commitGuarded(input, row, {
    stillAsRead: sql`${orders.status} = ${row.status} AND ${orders.updatedAt} = ${row.updatedAt}`,
    guarded: { column: "status", value: target.to },
    set: row.status === "cancelled" ? { cancelReason: null } : {},
    event: { status: target.to, paymentState: row.paymentState, reason: RECALL_REASON },
  });
  if (!recalled) throw changedMeanwhile();
  return recalled;
}

/**
 * A pay-on-pickup (or delivery) order's total was collected at the counter: `not_required` →
 * `paid_at_counter`, with who and when in its history. Repeating it changes nothing; 409
 * `not_payable_at_counter` for an order that owes nothing there (paid by card, cancelled).
 */
export async function markPaidAtCounter(input: CounterChangeInput): Promise<CounterChangeResult> {
  const row = await findOrder(input);
  if (row.paymentState === "paid_at_counter") return currentOrder(input.db, row);
  if (row.paymentMode !== "pay_on_pickup" || row.paymentState !== "not_required" || row.status === "cancelled") {
    throw new ApiError(
      409,
      "not_payable_at_counter",
      "Only an unpaid pay-on-pickup order that is not cancelled can be marked paid at the counter.",
    );
  }
  const paid = await commitGuarded(input, row, {
    stillAsRead: sql`${orders.paymentState} = 'not_required' AND ${orders.status} <> 'cancelled'`,
    guarded: { column: "paymentState", value: "paid_at_counter" },
    set: { paidAt: new Date().toISOString() },
    event: { status: row.status, paymentState: "paid_at_counter", reason: null },
  });
  if (paid) return paid;
  const latest = await findOrder(input);
  if (latest.paymentState === "paid_at_counter") return currentOrder(input.db, latest);
  throw changedMeanwhile();
}
