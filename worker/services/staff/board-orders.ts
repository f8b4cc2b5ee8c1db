/** The orders a location's board shows: open, paid or pay-on-pickup, oldest first; and its Done list. */
import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { DEFAULT_BOARD_AGE_THRESHOLDS } from "#common/order-board";
import { OPEN_ORDER_STATUSES, RECALL_WINDOW_MINUTES } from "#common/order-lifecycle";
import type { OrderStatus } from "#common/orders";
import type { BoardLocation, StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locationBoardSettings, locations, orderEvents, orders } from "#worker/db/schema";
import { itemsByOrder, pickupsByOrder, toStaffOrder, type OrderRow } from "#worker/services/orders/reading";

/** More open orders than any counter has at once; a board beyond this shows the oldest. */
export const BOARD_ORDER_LIMIT = 200;

export async function listBoardOrders(db: Database, locationId: string): Promise<StaffOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.locationId, locationId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        // Awaiting a card payment that has not arrived: not the counter's business yet.
        ne(orders.paymentState, "pending"),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(sql`rowid`))
    .limit(BOARD_ORDER_LIMIT);
  const ids = rows.map((row) => row.id);
  const [items, pickups] = await Promise.all([itemsByOrder(db, ids), pickupsByOrder(db, ids)]);
  return rows.map((row) => toStaffOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null));
}

/** More than a counter finishes in half an hour; the Done list shows the latest this many. */
export const DONE_LIST_LIMIT = 100;

/**
 * What the location completed or cancelled within the recall window, newest first, each cancelled
 * one with the state it was cancelled from (what Recall would bring back).
 */
export async function listDoneOrders(db: Database, locationId: string, now = Date.now()): Promise<StaffOrder[]> {
  const since = new Date(now - RECALL_WINDOW_MINUTES * 60_000).toISOString();
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.locationId, locationId),
        inArray(orders.status, ["completed", "cancelled"]),
        ne(orders.paymentState, "pending"),
        gte(orders.updatedAt, since),
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(DONE_LIST_LIMIT);
  const ids = rows.map((row) => row.id);
  const [items, pickups, cancelledFrom] = await Promise.all([
    itemsByOrder(db, ids),
    pickupsByOrder(db, ids),
    cancelledFromByOrder(
      db,
      rows.filter((row) => row.status === "cancelled").map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    ...toStaffOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null),
    cancelledFrom: cancelledFrom.get(row.id) ?? null,
  }));
}

/** For each cancelled order, the state its latest cancellation came from (from its history). */
export async function cancelledFromByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderStatus>> {
  const found = new Map<string, OrderStatus>();
  // D1 binds at most 100 values per statement.
  for (let start = 0; start < orderIds.length; start += 90) {
    const rows = await db
      .select({ orderId: orderEvents.orderId, previousStatus: orderEvents.previousStatus })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, orderIds.slice(start, start + 90)), eq(orderEvents.status, "cancelled")))
      .orderBy(asc(orderEvents.id));
    // Oldest first: the last one written for an order is its latest cancellation.
    for (const row of rows)
      if (row.previousStatus && row.previousStatus !== "cancelled") found.set(row.orderId, row.previousStatus);
  }
  return found;
}

/**
 * One order of the location, as staff may act on it. Another location's order, and one still
 * awaiting its card payment, are indistinguishable from a missing one.
 */
export async function findLocationOrder(
  db: Database,
  locationId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.locationId, locationId), ne(orders.paymentState, "pending")));
  return row;
}

/** The board's location: its name, time zone and when its tickets turn "waiting" and "late". */
export async function findBoardLocation(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      timeZone: locations.timeZone,
      warnAfterMinutes: locationBoardSettings.warnAfterMinutes,
      lateAfterMinutes: locationBoardSettings.lateAfterMinutes,
    })
    .from(locations)
    .leftJoin(locationBoardSettings, eq(locationBoardSettings.locationId, locations.id))
    .where(eq(locations.id, locationId));
  if (!row) return undefined;
  const { warnAfterMinutes, lateAfterMinutes, ...location } = row;
  return {
    ...location,
    ageThresholds:
      warnAfterMinutes === null || lateAfterMinutes === null
        ? DEFAULT_BOARD_AGE_THRESHOLDS
        : { warnAfterMinutes, lateAfterMinutes },
  };
}
