/**
 * Orders ahead whose preparation has started by now: the clock, not a change of the order, puts
 * them on the counter's Now lane, so whoever acts on that moment (the printers' poll) asks here.
 */
import { and, eq, gt, inArray, lte, ne } from "drizzle-orm";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import type { Database } from "#worker/db/client";
import { orderPickups, orders } from "#worker/db/schema";
import { withLinesAndPickups, type LoadedOrder } from "./loading";

/** No drink takes longer than this to make: a pickup time further off has not started. */
const LONGEST_PREPARATION_MS = 3 * 60 * 60_000;
/** An order ahead whose pickup time passed this long ago is not started now. */
const STARTED_LOOKBACK_MS = 12 * 60 * 60_000;

/** The shop's open orders for a pickup time whose preparation start is at or before `now`. */
export async function ordersAheadStartedBy(db: Database, locationId: string, now: Date): Promise<LoadedOrder[]> {
  const rows = await db
    .select({ row: orders })
    .from(orderPickups)
    .innerJoin(orders, eq(orders.id, orderPickups.orderId))
    .where(
      and(
        eq(orderPickups.locationId, locationId),
        eq(orderPickups.mode, "slot"),
        gt(orderPickups.pickupAt, new Date(now.getTime() - STARTED_LOOKBACK_MS).toISOString()),
        lte(orderPickups.pickupAt, new Date(now.getTime() + LONGEST_PREPARATION_MS).toISOString()),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        ne(orders.paymentState, "pending"),
      ),
    );
  if (rows.length === 0) return [];
  const loaded = await withLinesAndPickups(
    db,
    rows.map(({ row }) => row),
  );
  const nowIso = now.toISOString();
  return loaded.filter((order) => order.prepStartsAt && order.prepStartsAt <= nowIso);
}
