/** A shopper's orders: the history, one order, and where their live updates come from. */
import { and, desc, eq, getTableColumns, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Order } from "#common/orders";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import { loadOrder, ownOrder, withLinesAndPickups } from "./loading";
import { toOrder } from "./shapes";
import { stampsEarnedByOrder } from "./stamps-read";

/** Where a page of the history ends: the last order's time and row (ties on time go by insertion). */
interface HistoryPosition {
  createdAt: string;
  rowid: number;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.number().int().nonnegative()]);

function encodeCursor(position: HistoryPosition): string {
  const json = JSON.stringify([position.createdAt, position.rowid]);
  return btoa(json).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The position a cursor names, or null for one this API did not issue. */
export function decodeCursor(cursor: string): HistoryPosition | null {
  try {
    const json = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const parsed = cursorSchema.safeParse(JSON.parse(json));
    return parsed.success ? { createdAt: parsed.data[0], rowid: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/**
 * A page of the user's orders, newest first, after `after` (keyset paging: a page stays right
 * while new orders arrive, and costs the same however far back it is).
 */
export async function listOrders(
  db: Database,
  userId: string,
  options: { limit: number; after?: HistoryPosition },
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const { limit, after } = options;
  const rowid = sql<number>`${orders}.rowid`;
  const rows = await db
    .select({ ...getTableColumns(orders), rowid })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        after
          ? or(
              lt(orders.createdAt, after.createdAt),
              and(eq(orders.createdAt, after.createdAt), lt(rowid, after.rowid)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(rowid))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [loaded, stamps] = await Promise.all([
    withLinesAndPickups(db, page),
    stampsEarnedByOrder(
      db,
      page.map((row) => row.id),
    ),
  ]);
  return {
    orders: loaded.map((order) => toOrder(order, stamps.get(order.row.id) ?? 0)),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/** One of the user's orders; another user's order is indistinguishable from a missing one. */
export async function findOrder(db: Database, userId: string, orderId: string): Promise<Order | null> {
  const [loaded, stamps] = await Promise.all([
    loadOrder(db, ownOrder(userId, orderId)),
    stampsEarnedByOrder(db, [orderId]),
  ]);
  return loaded ? toOrder(loaded, stamps.get(orderId) ?? 0) : null;
}
