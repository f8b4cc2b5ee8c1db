/**
 * "Seen" at the counter: the shop's acknowledgement of new orders (`order_acknowledgements`),
 * kept with who and when, so an alert ends on every board of the location and a reloaded board
 * announces again only what nobody has seen. Seen is not a change of the order: no history row,
 * no e-mail, and the order's row and updated_at stay as they are.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BoardAcknowledgedMessage } from "#common/live-updates";
import type { OrderAcknowledgement } from "#common/staff-orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderAcknowledgements, orders, users } from "#worker/db/schema";
import type { Announcements } from "#worker/services/announcements";

/**
 * The acknowledgements of these orders, by order id (orders nobody has seen are absent); only
 * those of `locationId`'s orders when it is given.
 */
export async function acknowledgementsByOrder(
  db: Database,
  orderIds: readonly string[],
  locationId?: string,
): Promise<Map<string, OrderAcknowledgement>> {
  const ofShop = locationId === undefined ? undefined : eq(orderAcknowledgements.locationId, locationId);
  const rows = (
    await Promise.all(
      inListChunks(orderIds, 1).map((ids) =>
        db
          .select({
            orderId: orderAcknowledgements.orderId,
            at: orderAcknowledgements.acknowledgedAt,
            byName: users.username,
          })
          .from(orderAcknowledgements)
          .leftJoin(users, eq(users.id, orderAcknowledgements.acknowledgedBy))
          .where(and(inArray(orderAcknowledgements.orderId, ids), ofShop)),
      ),
    )
  ).flat();
  return new Map(rows.map((row) => [row.orderId, { ...row, byName: row.byName || null }]));
}

/**
 * Orders read with their acknowledgement in the same statement (a left join), for reads that
 * list many orders: the board's, which would otherwise ask D1 once more for them.
 */
export function selectOrdersWithAcknowledgement(db: Database) {
  return db
    .select({ row: orders, acknowledgedAt: orderAcknowledgements.acknowledgedAt, acknowledgedByName: users.username })
    .from(orders)
    .leftJoin(orderAcknowledgements, eq(orderAcknowledgements.orderId, orders.id))
    .leftJoin(users, eq(users.id, orderAcknowledgements.acknowledgedBy));
}

/** The acknowledgements of what selectOrdersWithAcknowledgement read, by order id (as acknowledgementsByOrder). */
export function acknowledgementsOfRows(
  rows: readonly { row: { id: string }; acknowledgedAt: string | null; acknowledgedByName: string | null }[],
): Map<string, OrderAcknowledgement> {
  return new Map(
    rows.flatMap(({ row, acknowledgedAt, acknowledgedByName }) =>
      acknowledgedAt === null
        ? []
        : [[row.id, { orderId: row.id, at: acknowledgedAt, byName: acknowledgedByName || null }] as const],
    ),
  );
}

export interface AcknowledgedOrders {
  /** Every order named that is now acknowledged: by this tap, or already by someone before. */
  acknowledgements: OrderAcknowledgement[];
  news: Announcements;
}

/**
 * The named transition behind "Seen": the location's orders among `orderIds` that nobody had
 * acknowledged are acknowledged now by `staffUserId`. One insert per run of ids, each taking only
 * the location's own orders (and none still awaiting its card payment); an order seen meanwhile
 * on another board keeps its first acknowledgement. Every board of the location is told, so its
 * alert ends there too.
 */
export async function acknowledgeNewOrders(
  db: Database,
  input: { locationId: string; staffUserId: string; orderIds: readonly string[] },
): Promise<AcknowledgedOrders> {
  const at = new Date().toISOString();
  const unique = [...new Set(input.orderIds)];
  // Three more bound values beside the ids: the person, the instant and the location.
  for (const ids of inListChunks(unique, 3)) {
    await db
      .insert(orderAcknowledgements)
      .select(
        db
          .select({
            orderId: orders.id,
            locationId: orders.locationId,
            acknowledgedBy: sql<string>`${input.staffUserId}`.as("acknowledged_by"),
            acknowledgedAt: sql<string>`${at}`.as("acknowledged_at"),
          })
          .from(orders)
          .where(
            and(inArray(orders.id, ids), eq(orders.locationId, input.locationId), ne(orders.paymentState, "pending")),
          ),
      )
      .onConflictDoNothing();
  }
  const found = await acknowledgementsByOrder(db, unique, input.locationId);
  const acknowledgements = unique.flatMap((id) => found.get(id) ?? []);
  const message: BoardAcknowledgedMessage = { type: "acknowledged", acknowledgements };
  return {
    acknowledgements,
    news: {
      emailIds: [],
      live: acknowledgements.length > 0 ? [{ locationId: input.locationId, board: JSON.stringify(message) }] : [],
    },
  };
}
