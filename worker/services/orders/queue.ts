/**
 * The queue ahead of an order placed now: the minutes of drinks the counter still has to make
 * (./prep-minutes.ts) for the orders it is on. The shop's state reads it in its one batch
 * (shopStateNow) for every estimate of when an order will be ready.
 */
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { PICKUP_SLOT_MINUTES } from "#common/hours/pickup-slots";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import type { Database } from "#worker/db/client";
import { locationPickupSettings, orderItems, orderPickups, orderSlotDrinks, orders, products } from "#worker/db/schema";
import { loadShopState, type ShopState } from "#worker/services/shop/state";
import { storedPrepMinutes } from "./prep-minutes";

const MINUTE_MS = 60_000;

/** Orders still to be made: on the board and not yet ready. */
const WAITING_STATUSES = OPEN_ORDER_STATUSES.filter((status) => status !== "ready");

/**
 * An order still to be made that the counter is on now: one for "as soon as possible" (or from
 * before pickup times), or one for a pickup time whose first making slot has begun. A slot's
 * drinks are made in the 15 minutes before it starts, so an order for 5 PM placed in the morning
 * takes nobody's place in the queue until about then (its slots hold its drinks meanwhile).
 */
function onTheCounterNow(now: Date) {
  const makingStarted = new Date(now.getTime() + PICKUP_SLOT_MINUTES * MINUTE_MS).toISOString();
  const firstMakingSlot = sql`coalesce((SELECT min(${orderSlotDrinks.slotAt}) FROM ${orderSlotDrinks} WHERE ${orderSlotDrinks.orderId} = ${orders.id}), ${orderPickups.pickupAt})`;
  return or(isNull(orderPickups.mode), ne(orderPickups.mode, "slot"), sql`${firstMakingSlot} <= ${makingStarted}`);
}

/**
 * Minutes of drinks still to make for orders on the board (received or preparing) or awaiting
 * their card payment: every "as soon as possible" order, and a pickup-time order once the counter
 * has started on it. A query for a batch; its one row is read by queueMinutesOf.
 */
export function queueMinutesQuery(db: Database, locationId: string, now: Date) {
  return db
    .select({ minutes: storedPrepMinutes })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(locationPickupSettings, eq(locationPickupSettings.locationId, orders.locationId))
    .leftJoin(orderPickups, eq(orderPickups.orderId, orders.id))
    .where(
      and(
        eq(orders.locationId, locationId),
        inArray(orders.status, WAITING_STATUSES),
        // Awaiting a card payment, an order is not on the board yet but holds its place in the
        // queue until it is paid or released (docs/decisions/0019-holds-and-releases.md).
        onTheCounterNow(now),
      ),
    );
}

/** The queue's minutes from queueMinutesQuery's rows (none when nothing waits). */
export function queueMinutesOf(rows: { minutes: number | null }[]): number {
  return Number(rows[0]?.minutes ?? 0);
}

/** The shop's state now, the queue ahead included, in one batch: what admission and the shop's answers read. */
export function shopStateNow(db: Database, locationId: string, now: Date): Promise<ShopState> {
  return loadShopState(db, locationId, now, {
    query: queueMinutesQuery(db, locationId, now),
    minutesOf: (rows) => queueMinutesOf(rows as { minutes: number | null }[]),
  });
}
