/**
 * Whether the counter can make an order this size in time (docs/decisions/0015-order-size.md):
 * refused with 409 `order_too_large` when it has more drinks than one online order takes, and
 * with `ready_after_closing` when "as soon as possible" cannot be ready before the shop closes; a
 * pickup-time order gets the slots its drinks are made in, which the database guards as the order
 * is written.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { PickupSlot } from "#common/availability";
import { formatTimeIn } from "#common/hours/format";
import {
  callTheShop,
  drinksLabel,
  firstSlotFor,
  isLargeOrder,
  makingPlan,
  overDrinkLimitMessage,
  type SlotDrinks,
} from "#common/order-size";
import { insertRows } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderSlotDrinks } from "#worker/db/schema";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";
import { readyAfterClosing, type ShopState } from "#worker/services/shop/state";

function orderTooLarge(message: string): ApiError {
  return new ApiError(409, "order_too_large", message, "lines");
}

/** More drinks than the location takes in one online order, whenever it is for. */
export function refuseOverDrinkLimit(state: ShopState, drinks: number): void {
  if (drinks > state.drinkLimits.perOrder) {
    throw orderTooLarge(overDrinkLimitMessage(drinks, state.drinkLimits, state.location.phone));
  }
}

/**
 * "As soon as possible" that would be ready only after the shop closes, given the queue it joins:
 * 409 `ready_after_closing`. Not "too large": one drink two minutes before closing is refused the
 * same way, and a pickup time ahead takes it (the checkout offers the first that works).
 */
export function refuseReadyAfterClosing(state: ShopState, drinks: number, readyAt: Date, closesAt: Date | null): void {
  if (!readyAfterClosing(readyAt, closesAt)) return;
  const { timeZone } = state.location;
  throw new ApiError(
    409,
    "ready_after_closing",
    `${drinksLabel(drinks)} would be ready around ${formatTimeIn(readyAt, timeZone)}, after the shop closes at ${formatTimeIn(closesAt!, timeZone)}. Choose a pickup time ahead.`,
    "pickup",
  );
}

/**
 * The slots an order for `slots[index]` is made in. Refused with `slot_full` when another pickup
 * time today can take it (naming the first), and with `order_too_large` when none can take an
 * order larger than one slot's drinks.
 */
export function planSlotOrder(state: ShopState, slots: PickupSlot[], index: number, drinks: number): SlotDrinks[] {
  const plan = makingPlan(slots, index, drinks, state.drinkLimits);
  if (plan) return plan;
  const { timeZone, phone } = state.location;
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
