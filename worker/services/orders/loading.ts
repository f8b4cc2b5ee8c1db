/**
 * The one way an order is read back from D1: its row, then its lines and pickup (for many
 * orders at once, in one query each). The shopper's, the board's and the e-mails' shapes are
 * made from what this returns (./shapes.ts).
 */
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { ChosenOption } from "#common/modifiers";
import type { OrderDiscount, OrderPickup } from "#common/orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { locations, orderItemOptions, orderItems, orderPickups, orders } from "#worker/db/schema";
import type { OrderAcknowledgement } from "#common/staff-orders";
import { acknowledgementsByOrder, acknowledgementsOfRows, selectOrdersWithAcknowledgement } from "./acknowledgements";
import { discountsByOrder } from "./discounts-read";
import { prepStartsByOrder } from "./prep-start";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A line with the add-on options it was bought with, in the order chosen. */
/** A line with its options as bought, and which catalog option each was (null: since deleted). */
export type LoadedItem = OrderItemRow & {
  options: ChosenOption[];
  optionIds: (string | null)[];
  /** The line's share of the order's discounts (0: none). */
  discountCents: number;
};

/** An order with its lines (in the order they were bought) and its pickup time. */
export interface LoadedOrder {
  row: OrderRow;
  items: LoadedItem[];
  /** Null for orders from before pickup times. */
  pickup: OrderPickup | null;
  /** Its discounts in the order applied (none: []); `row.discountCents` is their sum. */
  discounts: OrderDiscount[];
  /** For a pickup time: when the counter should start on it (./prep-start.ts). */
  prepStartsAt?: string | null;
  /** "Seen" at the counter (./acknowledgements.ts): who and when, or null while nobody has. */
  acknowledged?: OrderAcknowledgement | null;
}

/** Which order: any of them by id. */
export const orderWithId = (orderId: string) => eq(orders.id, orderId);

/** One of the user's orders; another user's is indistinguishable from a missing one. */
export const ownOrder = (userId: string, orderId: string) => and(eq(orders.id, orderId), eq(orders.userId, userId));

/**
 * One order of the location, as staff may act on it. Another location's order, and one still
 * awaiting its card payment, are indistinguishable from a missing one.
 */
export const shopOrder = (locationId: string, orderId: string) =>
  and(eq(orders.id, orderId), eq(orders.locationId, locationId), ne(orders.paymentState, "pending"));

/** The order a Stripe payment was made for. */
export const orderPaidBy = (paymentIntentId: string) => eq(orders.stripePaymentIntentId, paymentIntentId);

export async function findOrderRow(db: Database, which: SQL | undefined): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(which);
  return row;
}

/** The order `which` names, with its lines and pickup, or null. */
export async function loadOrder(db: Database, which: SQL | undefined): Promise<LoadedOrder | null> {
  const read = await selectOrdersWithAcknowledgement(db).where(which);
  const row = read[0]?.row;
  if (!row) return null;
  const [loaded] = await withLinesAndPickups(db, [row], acknowledgementsOfRows(read));
  return loaded ?? null;
}

/**
 * The rows given, in their order, each with its lines and pickup. `knownAcknowledgements`: the
 * rows' acknowledgements when they were read with the rows (./acknowledgements.ts), else they are read here.
 */
export async function withLinesAndPickups(
  db: Database,
  rows: OrderRow[],
  knownAcknowledgements?: ReadonlyMap<string, OrderAcknowledgement>,
): Promise<LoadedOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, pickups, options, acknowledgements, discounts] = await Promise.all([
    itemsByOrder(db, ids),
    pickupsByOrder(db, ids),
    optionsByOrderLine(db, ids),
    knownAcknowledgements ?? acknowledgementsByOrder(db, ids),
    discountsByOrder(db, rows),
  ]);
  const prepStarts = await prepStartsByOrder(db, pickups);
  return rows.map((row) => ({
    row,
    items: (items.get(row.id) ?? []).map((item, index) => ({
      ...item,
      options: options.get(`${row.id}:${index}`)?.map(({ optionId: _, ...option }) => option) ?? [],
      optionIds: options.get(`${row.id}:${index}`)?.map((option) => option.optionId) ?? [],
      discountCents: discounts.get(row.id)?.lineShares.get(index) ?? 0,
    })),
    pickup: pickups.get(row.id) ?? null,
    discounts: discounts.get(row.id)?.discounts ?? [],
    prepStartsAt: prepStarts.get(row.id) ?? null,
    acknowledged: acknowledgements.get(row.id) ?? null,
  }));
}

/** Each line's options, keyed "orderId:lineIndex" (the line's place among its order's lines). */
async function optionsByOrderLine(
  db: Database,
  orderIds: string[],
): Promise<Map<string, (ChosenOption & { optionId: string | null })[]>> {
  const rows = (
    await Promise.all(
      inListChunks(orderIds).map((ids) =>
        db
          .select()
          .from(orderItemOptions)
          .where(inArray(orderItemOptions.orderId, ids))
          .orderBy(asc(orderItemOptions.orderId), asc(orderItemOptions.lineIndex), asc(orderItemOptions.position)),
      ),
    )
  ).flat();
  const byLine = new Map<string, (ChosenOption & { optionId: string | null })[]>();
  for (const row of rows) {
    const key = `${row.orderId}:${row.lineIndex}`;
    const list = byLine.get(key) ?? [];
    list.push({ name: row.name, priceCents: row.priceCents, isDefault: row.isDefault, optionId: row.optionId });
    byLine.set(key, list);
  }
  return byLine;
}

/** Each order's pickup time, with its location's time zone to show it in. */
async function pickupsByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderPickup>> {
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

/** The lines of each order, in the order they were bought. */
async function itemsByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
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
