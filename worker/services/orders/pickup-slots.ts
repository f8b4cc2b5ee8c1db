/**
 * Can this pickup slot take this order: the one place that decides it. A slot has places for
 * orders (slot_capacity a slot) and room for drinks (max_drinks_per_slot made in a slot,
 * common/order-size.ts); an order takes them while it is not cancelled (takesASlot). The slots on
 * offer with their room left, the order's slots and drinks to write, and the refusals are here.
 *
 * The database guards the same counts as an order is written or recalled, against races: the
 * triggers order_pickups_slot_capacity, order_slot_drinks_slot_limit, orders_recall_slot_capacity
 * and orders_recall_slot_drinks mirror slotsWithFill (tests/worker/slot-triggers.test.ts checks
 * that the two agree).
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PickupDay, PickupSlot } from "#common/availability";
import { formatDateTimeIn, formatTimeIn } from "#common/hours/format";
import { pickupDaySlotStarts, pickupSlotStarts } from "#common/hours/pickup-slots";
import type { OrderPickup } from "#common/orders";
import { callTheShop, drinksLabel, firstSlotFor, isLargeOrder, makingPlan, type SlotDrinks } from "#common/order-size";
import { insertRows } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderPickups, orderSlotDrinks, orders } from "#worker/db/schema";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";
import type { ShopState } from "#worker/services/shop/state";
import { orderTooLarge } from "./order-size";

/** An order holds its slot's place and its drinks' room unless it is cancelled (as the triggers count). */
export const takesASlot = sql`${orders.status} <> 'cancelled'`;

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

/** Each slot starting at `starts` with its place and drinks left. */
export async function slotsWithFill(db: Database, state: ShopState, starts: Date[]): Promise<PickupSlot[]> {
  if (starts.length === 0) return [];
  const first = starts[0]!.toISOString();
  const last = `${starts[starts.length - 1]!.toISOString()}~`;
  const [places, drinks] = await db.batch([
    db
      .select({ slotAt: orderPickups.pickupAt, taken: sql<number>`count(*)` })
      .from(orderPickups)
      .innerJoin(orders, eq(orders.id, orderPickups.orderId))
      .where(
        and(
          eq(orderPickups.locationId, state.shop.id),
          eq(orderPickups.mode, "slot"),
          gte(orderPickups.pickupAt, first),
          lt(orderPickups.pickupAt, last),
          takesASlot,
        ),
      )
      .groupBy(orderPickups.pickupAt),
    db
      .select({ slotAt: orderSlotDrinks.slotAt, taken: sql<number>`sum(${orderSlotDrinks.drinks})` })
      .from(orderSlotDrinks)
      .innerJoin(orders, eq(orders.id, orderSlotDrinks.orderId))
      .where(
        and(
          eq(orderSlotDrinks.locationId, state.shop.id),
          gte(orderSlotDrinks.slotAt, first),
          lt(orderSlotDrinks.slotAt, last),
          takesASlot,
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

/**
 * The slots an order for the pickup time `startsAt` is made in, from the days on offer
 * (pickupDaysWithFill): refused with 409 `slot_invalid` when it is not one of them, and as
 * planSlotOrder says when the slot or its making slots have no room.
 */
export function admitToSlot(
  state: ShopState,
  days: PickupDay[],
  startsAt: string,
  drinks: number,
): { pickup: OrderPickup; making: SlotDrinks[] } {
  const { timeZone } = state.shop;
  const slot = new Date(startsAt);
  const slots = days.find((day) => day.slots.some((entry) => entry.startsAt === slot.toISOString()))?.slots;
  if (!slots) {
    throw new ApiError(
      409,
      "slot_invalid",
      `Pickup at ${formatDateTimeIn(slot, timeZone)} is not one of our pickup times. Choose another time.`,
      "pickup.startsAt",
    );
  }
  const pickup: OrderPickup = { mode: "slot", at: slot.toISOString(), timeZone };
  const index = slots.findIndex((entry) => entry.startsAt === pickup.at);
  if (slots[index]?.full) throw slotFullError(pickup);
  return { pickup, making: planSlotOrder(state, slots, index, drinks) };
}

/**
 * The slots an order for `slots[index]` is made in. Refused with `slot_full` when another pickup
 * time today can take it (naming the first), and with `order_too_large` when none can take an
 * order larger than one slot's drinks.
 */
export function planSlotOrder(state: ShopState, slots: PickupSlot[], index: number, drinks: number): SlotDrinks[] {
  const plan = makingPlan(slots, index, drinks, state.drinkLimits);
  if (plan) return plan;
  const { timeZone, phone } = state.shop;
  const time = (iso: string) => formatTimeIn(new Date(iso), timeZone);
  const first = slots[firstSlotFor(slots, drinks, state.drinkLimits)];
  if (!first && isLargeOrder(drinks, state.drinkLimits)) {
    throw orderTooLarge(`${drinksLabel(drinks)} cannot be ready for any pickup time left today. ${callTheShop(phone)}`);
  }
  throw new ApiError(
    409,
    "slot_full",
    first
      ? `We cannot have ${drinksLabel(drinks)} ready for pickup at ${time(slots[index]!.startsAt)}: the first time we can is ${time(first.startsAt)}. Choose another time.`
      : `No pickup time left today has room for ${drinksLabel(drinks)}. Choose as soon as possible.`,
    "pickup.startsAt",
  );
}

/** The order's drinks in the slots they are made in, for the batch that writes the order. */
export function slotDrinksStatements(
  db: Database,
  orderId: string,
  locationId: string,
  plan: SlotDrinks[],
): BatchItem<"sqlite">[] {
  return insertRows(
    db,
    orderSlotDrinks,
    plan.map((entry) => ({ orderId, locationId, ...entry })),
  );
}

/** The slot-drinks trigger (migrations/0045) refused the order's batch: another order took the room first. */
export function isSlotDrinksFull(error: unknown): boolean {
  return errorMessages(error).includes("pickup_slot_drinks_full");
}

/**
 * A slot's trigger refused the order's batch: the slot's places (migrations/0042) or the room for
 * drinks in a slot it is made in (migrations/0045) went to another order first.
 */
export function isSlotFull(error: unknown): boolean {
  return errorMessages(error).includes("pickup_slot_full") || isSlotDrinksFull(error);
}

export function slotFullError(pickup: OrderPickup): ApiError {
  return new ApiError(
    409,
    "slot_full",
    `Pickup at ${formatTimeIn(new Date(pickup.at), pickup.timeZone)} has just filled up. Choose another time.`,
    "pickup.startsAt",
  );
}
