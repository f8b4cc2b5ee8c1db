/** Orders read back from D1 and shaped as the API returns them. */
import { and, asc, desc, eq, getTableColumns, inArray, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Order, OrderLine, OrderPickup } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { locations, orderItems, orderPickups, orders } from "#worker/db/schema";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderLine(
  item: Pick<OrderItemRow, "productId" | "name" | "image" | "size" | "unitPriceCents" | "quantity" | "comment">,
): OrderLine {
  return {
    productId: item.productId,
    name: item.name,
    image: item.image,
    size: item.size,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    note: item.comment,
    subtotalCents: item.unitPriceCents * item.quantity,
  };
}

export function toOrder(row: OrderRow, items: OrderItemRow[], pickup: OrderPickup | null): Order {
  const lines = items.map(toOrderLine);
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentState: row.paymentState,
    cancelReason: row.cancelReason,
    totalCents: row.totalCents,
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    deliveryFeeCents: row.deliveryFeeCents,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    lines,
    pickup,
  };
}

/** Each order's pickup time, with its location's time zone to show it in. */
export async function pickupsByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderPickup>> {
  const rows = (
    await Promise.all(
      inListChunks(orderIds).map((ids) =>
        db
          .select({
            orderId: orderPickups.orderId,
            mode: orderPickups.mode,
            at: orderPickups.pickupAt,
            timeZone: locations.timeZone,
          })
          .from(orderPickups)
          .innerJoin(locations, eq(locations.id, orderPickups.locationId))
          .where(inArray(orderPickups.orderId, ids)),
      ),
    )
  ).flat();
  return new Map(rows.map(({ orderId, ...pickup }) => [orderId, pickup]));
}

/** An order as the counter sees it (the board, and every live update to a board). */
export function toStaffOrder(
  row: OrderRow,
  items: Pick<OrderItemRow, "name" | "size" | "quantity" | "comment">[],
  pickup: OrderPickup | null = null,
): StaffOrder {
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentState: row.paymentState,
    customerName: row.customerName,
    phone: row.phone,
    totalCents: row.totalCents,
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lines: items.map((item) => ({ name: item.name, size: item.size, quantity: item.quantity, note: item.comment })),
    pickup,
  };
}

/** The lines of each order, in the order they were bought. */
export async function itemsByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  const rows = (
    await Promise.all(
      inListChunks(orderIds).map((ids) =>
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
      ),
    )
  ).flat();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

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
  const ids = page.map((row) => row.id);
  const [items, pickups] = await Promise.all([itemsByOrder(db, ids), pickupsByOrder(db, ids)]);
  const last = page.at(-1);
  return {
    orders: page.map((row) => toOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null)),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/** One of the user's orders; another user's order is indistinguishable from a missing one. */
export async function findOrder(db: Database, userId: string, orderId: string): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const [items, pickups] = await Promise.all([itemsByOrder(db, [row.id]), pickupsByOrder(db, [row.id])]);
  return toOrder(row, items.get(row.id) ?? [], pickups.get(row.id) ?? null);
}
