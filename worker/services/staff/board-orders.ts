/** The orders a location's board shows: open, paid or pay-on-pickup, oldest first. */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import type { BoardLocation, StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { locations, orders } from "#worker/db/schema";
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

/** The board's location: its name and time zone. */
export async function findBoardLocation(db: Database, locationId: string): Promise<BoardLocation | undefined> {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}
