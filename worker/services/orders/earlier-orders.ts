/**
 * Orders left open from an earlier day of the shop (common/earlier-orders.ts): kept out of the
 * board's answer but for their count, read a page at a time, and closed all at once, each with
 * its history row. `dayStart` is the instant the shop's today began (shopDayStart).
 */
import { and, asc, count, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { EARLIER_CLOSED_REASON, type EarlierOrdersClosed } from "#common/earlier-orders";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import type { OrderStatus, PaymentState } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { asBatch, chunk } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderPickups, orders } from "#worker/db/schema";
import { isNotNullViolation } from "#worker/lib/db-errors";
import { acknowledgementsOfRows, selectOrdersWithAcknowledgement } from "./acknowledgements";
import { orderEventStatement } from "./history";
import { withLinesAndPickups, type OrderRow } from "./loading";
import { promoUseStatement } from "./promo-uses";
import { toStaffOrder } from "./shapes";

/** The instant that says which day an order is for: its pickup time, or when it was placed. */
export const orderDay: SQL<string> = sql`coalesce((SELECT ${orderPickups.pickupAt} FROM ${orderPickups} WHERE ${orderPickups.orderId} = ${orders.id} AND ${orderPickups.mode} = 'slot'), ${orders.createdAt})`;

/** Today's orders (or later days'), by the day they are for. */
export const isForTodayOrLater = (dayStart: string) => sql`${orderDay} >= ${dayStart}`;

/** The location's open orders from before `dayStart` (not one still awaiting its card payment). */
function earlierOpen(locationId: string, dayStart: string) {
  return and(
    eq(orders.locationId, locationId),
    inArray(orders.status, [...OPEN_ORDER_STATUSES]),
    ne(orders.paymentState, "pending"),
    lt(orderDay, dayStart),
  );
}

export async function countEarlierOrders(db: Database, locationId: string, dayStart: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(earlierOpen(locationId, dayStart));
  return row?.n ?? 0;
}

/** A page of them, oldest first. */
export async function listEarlierOrders(
  db: Database,
  locationId: string,
  dayStart: string,
  page: { offset: number; limit: number },
): Promise<StaffOrder[]> {
  const read = await selectOrdersWithAcknowledgement(db)
    .where(earlierOpen(locationId, dayStart))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = read.map(({ row }) => row);
  return (await withLinesAndPickups(db, rows, acknowledgementsOfRows(read))).map(toStaffOrder);
}

/**
 * How an order left open is closed: one that was Ready is completed (pay on pickup as
 * `not_collected`: nobody said the money was taken); any other is cancelled, a paid card order
 * with its refund owed (`refund_pending`, under Refunds to retry: no card is refunded in bulk),
 * but for one its discounts made free, which has nothing to refund.
 */
function closing(row: OrderRow): { status: OrderStatus; paymentState: PaymentState; reason: string | null } {
  if (row.status === "ready") {
    const unpaid = row.paymentMode === "pay_on_pickup" && row.paymentState === "not_required" && row.totalCents > 0;
    return { status: "completed", paymentState: unpaid ? "not_collected" : row.paymentState, reason: null };
  }
  return {
    status: "cancelled",
    paymentState: row.paymentState === "paid" && row.totalCents > 0 ? "refund_pending" : row.paymentState,
    reason: EARLIER_CLOSED_REASON,
  };
}

/** Orders closed per batch: an update, a history row and perhaps a promo use given back each. */
const ORDERS_PER_BATCH = 40;

/**
 * Closes every order open from before `dayStart`, each guarded on the state it was read in (an
 * order moved meanwhile undoes its batch, which is read and tried again).
 */
export async function closeEarlierOrders(
  db: Database,
  locationId: string,
  dayStart: string,
  staffUserId: string,
): Promise<EarlierOrdersClosed> {
  const closed: EarlierOrdersClosed = { completed: 0, cancelled: 0 };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const rows = await db.select().from(orders).where(earlierOpen(locationId, dayStart));
    if (rows.length === 0) return closed;
    let raced = false;
    for (const part of chunk(rows, ORDERS_PER_BATCH)) {
      const at = new Date().toISOString();
      const statements: BatchItem<"sqlite">[] = part.flatMap((row) => {
        const to = closing(row);
        return [
          db
            .update(orders)
            .set({
              status: sql`CASE WHEN ${orders.status} = ${row.status} AND ${orders.paymentState} = ${row.paymentState} THEN ${to.status} END`,
              paymentState: to.paymentState,
              ...(to.reason ? { cancelReason: to.reason } : {}),
              updatedAt: at,
            })
            .where(eq(orders.id, row.id)),
          orderEventStatement(db, {
            orderId: row.id,
            status: to.status,
            previousStatus: row.status,
            paymentState: to.paymentState,
            actor: "staff",
            actorUserId: staffUserId,
            reason: to.reason,
            at,
          }),
          // Nobody started it: its promo code's use goes back, as when the shop cancels it (0048).
          ...(row.status === "received" ? [promoUseStatement(db, row.id, "give_back")] : []),
        ];
      });
      try {
        await db.batch(asBatch(statements));
      } catch (error) {
        if (!isNotNullViolation(error, "orders.status")) throw error;
        raced = true;
        continue;
      }
      for (const row of part) closed[closing(row).status === "completed" ? "completed" : "cancelled"] += 1;
    }
    if (!raced) return closed;
  }
  return closed;
}
