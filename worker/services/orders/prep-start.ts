/**
 * When the counter should start an order for a pickup time: its pickup time minus its drinks'
 * preparation minutes (./prep-minutes.ts). Until then the board holds it in its
 * Later lane (docs/decisions/0017-order-ahead.md). "As soon as possible" has none: it starts now.
 */
import { eq, inArray } from "drizzle-orm";
import type { OrderPickup } from "#common/orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { locationPickupSettings, orderItems, orders, products } from "#worker/db/schema";
import { storedPrepMinutes } from "./prep-minutes";

const MINUTE_MS = 60_000;

/** When the counter should start an order for `pickupAt` that takes `prepMinutes` to make (ISO). */
export function prepStartAt(pickupAt: string, prepMinutes: number): string {
  return new Date(Date.parse(pickupAt) - prepMinutes * MINUTE_MS).toISOString();
}

/** Each order's preparation minutes, by order id. */
async function prepMinutesByOrder(db: Database, orderIds: string[]): Promise<Map<string, number>> {
  const rows = (
    await Promise.all(
      inListChunks(orderIds).map((ids) =>
        db
          .select({
            orderId: orderItems.orderId,
            minutes: storedPrepMinutes,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .leftJoin(products, eq(products.id, orderItems.productId))
          .leftJoin(locationPickupSettings, eq(locationPickupSettings.locationId, orders.locationId))
          .where(inArray(orderItems.orderId, ids))
          .groupBy(orderItems.orderId),
      ),
    )
  ).flat();
  return new Map(rows.map((row) => [row.orderId, Number(row.minutes)]));
}

/** For each order with a pickup time, when its preparation should start (ISO), by order id. */
export async function prepStartsByOrder(
  db: Database,
  pickups: ReadonlyMap<string, OrderPickup>,
): Promise<Map<string, string>> {
  const scheduled = [...pickups].filter(([, pickup]) => pickup.mode === "slot").map(([orderId]) => orderId);
  if (scheduled.length === 0) return new Map();
  const minutes = await prepMinutesByOrder(db, scheduled);
  return new Map(
    scheduled.map((orderId) => [orderId, prepStartAt(pickups.get(orderId)!.at, minutes.get(orderId) ?? 0)]),
  );
}
