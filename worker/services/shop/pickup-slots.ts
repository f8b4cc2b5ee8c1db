/**
 * Today's pickup slots as the shop can still take them: a place for the order (slot_capacity
 * orders a slot) and room for its drinks (max_drinks_per_slot made in a slot, common/order-size.ts).
 * The database guards both as an order is written (migrations/0042 and 0045).
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { PickupDay, PickupSlot } from "#common/availability";
import { pickupDaySlotStarts, pickupSlotStarts } from "#common/hours/pickup-slots";
import type { Database } from "#worker/db/client";
import { orderPickups, orderSlotDrinks, orders } from "#worker/db/schema";
import type { ShopState } from "./state";

/** Today's pickup slots no earlier than the soonest ready time, each with its places and drinks left. */
export async function pickupSlotsWithFill(
  db: Database,
  state: ShopState,
  now: Date,
  earliest: Date,
): Promise<PickupSlot[]> {
  if (state.slotCapacity <= 0) return [];
  return slotsWithFill(db, state, pickupSlotStarts(state.hours, now, earliest));
}

/**
 * The slots of today and the days ahead (common/hours/pickup-slots.ts pickupDaySlotStarts), each
 * with its places and drinks left: what a shopper ordering ahead chooses from.
 */
export async function pickupDaysWithFill(
  db: Database,
  state: ShopState,
  now: Date,
  earliest: Date,
): Promise<PickupDay[]> {
  if (state.slotCapacity <= 0) return [];
  const days = pickupDaySlotStarts(state.hours, now, earliest);
  const filled = await slotsWithFill(
    db,
    state,
    days.flatMap((day) => day.starts),
  );
  let next = 0;
  return days.map((day) => {
    const slots = filled.slice(next, next + day.starts.length);
    next += day.starts.length;
    return { date: day.date, slots };
  });
}

async function slotsWithFill(db: Database, state: ShopState, starts: Date[]): Promise<PickupSlot[]> {
  if (starts.length === 0) return [];
  const first = starts[0]!.toISOString();
  const last = `${starts[starts.length - 1]!.toISOString()}~`;
  const notCancelled = sql`${orders.status} <> 'cancelled'`;
  const [places, drinks] = await db.batch([
    db
      .select({ slotAt: orderPickups.pickupAt, taken: sql<number>`count(*)` })
      .from(orderPickups)
      .innerJoin(orders, eq(orders.id, orderPickups.orderId))
      .where(
        and(
          eq(orderPickups.locationId, state.location.id),
          eq(orderPickups.mode, "slot"),
          gte(orderPickups.pickupAt, first),
          lt(orderPickups.pickupAt, last),
          notCancelled,
        ),
      )
      .groupBy(orderPickups.pickupAt),
    db
      .select({ slotAt: orderSlotDrinks.slotAt, taken: sql<number>`sum(${orderSlotDrinks.drinks})` })
      .from(orderSlotDrinks)
      .innerJoin(orders, eq(orders.id, orderSlotDrinks.orderId))
      .where(
        and(
          eq(orderSlotDrinks.locationId, state.location.id),
          gte(orderSlotDrinks.slotAt, first),
          lt(orderSlotDrinks.slotAt, last),
          notCancelled,
        ),
      )
      .groupBy(orderSlotDrinks.slotAt),
  ]);
  const placesTaken = new Map(places.map((row) => [row.slotAt, Number(row.taken)]));
  const drinksTaken = new Map(drinks.map((row) => [row.slotAt, Number(row.taken)]));
  return starts.map((start) => {
    const startsAt = start.toISOString();
    return {
      startsAt,
      full: (placesTaken.get(startsAt) ?? 0) >= state.slotCapacity,
      drinksLeft: Math.max(0, state.drinkLimits.perSlot - (drinksTaken.get(startsAt) ?? 0)),
    };
  });
}
