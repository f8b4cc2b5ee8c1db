/**
 * The orders a location's board shows (common/order-lifecycle.ts isOnBoard), oldest first; its
 * Done list (finished within the recall window); and their history.
 */
import { and, asc, desc, eq, gte, inArray, ne, not, or, sql } from "drizzle-orm";
import { OPEN_ORDER_STATUSES, RECALL_WINDOW_MINUTES } from "#common/order-lifecycle";
import type { OrderStatus } from "#common/orders";
import type { DoneOrder, OrderHistoryEntry, StaffOrder } from "#common/staff-orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderEvents, orders, users } from "#worker/db/schema";
import { isForTodayOrLater } from "./earlier-orders";
import { acknowledgementsOfRows, selectOrdersWithAcknowledgement } from "./acknowledgements";
import { findOrderRow, shopOrder, withLinesAndPickups } from "./loading";
import { toDoneOrder, toStaffOrder } from "./shapes";

/**
 * The location's orders in these states that are the counter's business: not one still awaiting a
 * card payment that has not arrived.
 */
function counterOrders(locationId: string, statuses: OrderStatus[]) {
  return and(eq(orders.locationId, locationId), inArray(orders.status, statuses), ne(orders.paymentState, "pending"));
}

/**
 * "On the board": common/order-lifecycle.ts isOnBoard in SQL, for one location's today (an open
 * order from an earlier day of the shop is listed apart, ./earlier-orders.ts).
 */
export function onTheBoard(locationId: string, dayStart: string) {
  return or(
    and(counterOrders(locationId, [...OPEN_ORDER_STATUSES]), isForTodayOrLater(dayStart)),
    // Cancelled with a refund that did not go through: the staff retry it from the board.
    and(eq(orders.locationId, locationId), eq(orders.paymentState, "refund_pending")),
    // Cancelled after it was paid at the counter: the money waits to be given back.
    and(eq(orders.locationId, locationId), eq(orders.status, "cancelled"), eq(orders.paymentState, "paid_at_counter")),
  );
}

/**
 * Today's open orders (those from an earlier day of the shop come apart: ./earlier-orders.ts), and
 * money still owed back: a refund that did not go through, or money paid at the counter for an
 * order since cancelled. `dayStart` is when the shop's today began.
 */
export async function listBoardOrders(db: Database, locationId: string, dayStart: string): Promise<StaffOrder[]> {
  const read = await selectOrdersWithAcknowledgement(db)
    .where(onTheBoard(locationId, dayStart))
    // Every one of them, the newest included: a board that missed the newest would lose an order
    // a socket delivered.
    .orderBy(asc(orders.createdAt), asc(sql`${orders}.rowid`));
  const rows = read.map(({ row }) => row);
  return (await withLinesAndPickups(db, rows, acknowledgementsOfRows(read))).map(toStaffOrder);
}

/** More than a counter finishes in half an hour; the Done list shows the latest this many. */
export const DONE_LIST_LIMIT = 100;

/**
 * What the location completed or cancelled within the recall window, newest first, each cancelled
 * one with the state it was cancelled from (what Recall would bring back).
 */
export async function listDoneOrders(
  db: Database,
  locationId: string,
  dayStart: string,
  now = Date.now(),
): Promise<DoneOrder[]> {
  const since = new Date(now - RECALL_WINDOW_MINUTES * 60_000).toISOString();
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        counterOrders(locationId, ["completed", "cancelled"]),
        // Money still owed back is not done: the board lists it with the open orders.
        ne(orders.paymentState, "refund_pending"),
        not(and(eq(orders.status, "cancelled"), eq(orders.paymentState, "paid_at_counter"))!),
        gte(orders.updatedAt, since),
        // Orders from an earlier day closed together are not today's work to recall.
        isForTodayOrLater(dayStart),
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(DONE_LIST_LIMIT);
  const cancelled = rows.filter((row) => row.status === "cancelled").map((row) => row.id);
  const cancelledFrom = await cancelledFromByOrder(db, cancelled);
  return rows.map((row) => toDoneOrder(row, cancelledFrom.get(row.id) ?? null));
}

/**
 * Handed over unpaid today (`not_collected`): listed until the shop's day ends, for the counter
 * to collect later or the owner to count, newest first.
 */
export async function listUnpaidToday(db: Database, locationId: string, dayStart: string): Promise<DoneOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.locationId, locationId),
        eq(orders.status, "completed"),
        eq(orders.paymentState, "not_collected"),
        gte(orders.updatedAt, dayStart),
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(DONE_LIST_LIMIT);
  return rows.map((row) => toDoneOrder(row, null));
}

/** For each cancelled order, the state its latest cancellation came from (from its history). */
export async function cancelledFromByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderStatus>> {
  const found = new Map<string, OrderStatus>();
  const rows = (
    await Promise.all(
      // One more bound value: the status.
      inListChunks(orderIds, 1).map((ids) =>
        db
          .select({ orderId: orderEvents.orderId, previousStatus: orderEvents.previousStatus })
          .from(orderEvents)
          .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.status, "cancelled")))
          .orderBy(asc(orderEvents.id)),
      ),
    )
  ).flat();
  // Oldest first: the last one written for an order is its latest cancellation.
  for (const row of rows) {
    if (row.previousStatus && row.previousStatus !== "cancelled") found.set(row.orderId, row.previousStatus);
  }
  return found;
}

/**
 * The history of one of the location's orders, oldest first, with the name of whoever made each
 * change; null for an order the location's staff may not see.
 */
export async function boardOrderHistory(
  db: Database,
  locationId: string,
  orderId: string,
): Promise<OrderHistoryEntry[] | null> {
  const order = await findOrderRow(db, shopOrder(locationId, orderId));
  if (!order) return null;
  const rows = await db
    .select({ event: orderEvents, actorName: users.username })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  return rows.map(({ event, actorName }) => ({
    status: event.status,
    previousStatus: event.previousStatus,
    paymentState: event.paymentState,
    actor: event.actor,
    actorName: actorName || null,
    reason: event.reason,
    at: event.createdAt,
  }));
}
