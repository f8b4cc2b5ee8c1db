/** The orders a location's board shows: open, paid or pay-on-pickup, oldest first, and their history. */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import type { OrderHistoryEntry, StaffOrder } from "#common/staff-orders";
import type { Database } from "#worker/db/client";
import { orderEvents, orders, users } from "#worker/db/schema";
import { findOrderRow, locationOrder, withLinesAndPickups } from "./loading";
import { toStaffOrder } from "./shapes";

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
  return (await withLinesAndPickups(db, rows)).map(toStaffOrder);
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
  const order = await findOrderRow(db, locationOrder(locationId, orderId));
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
