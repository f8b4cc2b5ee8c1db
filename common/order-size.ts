/**
 * How large one online order may be, and in which pickup slots the counter makes it
 * (docs/decisions/0015-order-size.md). A location sets two limits in SQL
 * (`location_pickup_settings`): drinks per online order and drinks per 15-minute slot. An order
 * is picked up whole, in one slot, and takes one of that slot's places; the counter makes its
 * drinks in that slot and, when they are more than the slot has room for, in the slots just
 * before it. The worker decides with these functions and the checkout shows the same answer
 * before the shopper submits.
 */
import { PICKUP_SLOT_MINUTES, type PickupSlot } from "./hours/pickup-slots";

export interface DrinkLimits {
  /** Drinks one online order may have. */
  perOrder: number;
  /** Drinks the counter makes for online orders in one 15-minute slot. */
  perSlot: number;
}

/** What a location without settings of its own takes (the seed's figures). */
export const DEFAULT_DRINK_LIMITS: DrinkLimits = { perOrder: 40, perSlot: 12 };

const SLOT_MS = PICKUP_SLOT_MINUTES * 60_000;

/** The drinks of an order or a cart: the sum of its lines' quantities. */
export function drinkCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** "1 drink", "18 drinks". */
export function drinksLabel(drinks: number): string {
  return `${drinks} ${drinks === 1 ? "drink" : "drinks"}`;
}

/**
 * An order larger than one slot's drinks: the counter starts it early, and the board marks it.
 */
export function isLargeOrder(drinks: number, limits: DrinkLimits): boolean {
  return drinks > limits.perSlot;
}

/**
 * The most slots one order's drinks are made in: just enough for an order at the limit (40
 * drinks at 12 a slot: 4 slots, the hour before pickup). Drinks are never made further ahead,
 * so they are fresh when collected.
 */
export function makingSlotCount(limits: DrinkLimits): number {
  return Math.max(1, Math.ceil(limits.perOrder / limits.perSlot));
}

/** One slot's share of an order's drinks. */
export interface SlotDrinks {
  slotAt: string;
  drinks: number;
}

export type SlotRoom = Pick<PickupSlot, "startsAt" | "full" | "drinksLeft">;

/**
 * Where the counter makes the drinks of an order picked up at `slots[index]`: as many as the
 * pickup slot has room for, the rest in the slots just before it, latest first, within
 * `makingSlotCount` slots and never across a gap (a break in the day, or before the first slot
 * on offer: the counter is busy until then). Null when the pickup slot has no place left or
 * those slots have no room for that many drinks. `slots` are today's slots in order of time.
 */
export function makingPlan(
  slots: readonly SlotRoom[],
  index: number,
  drinks: number,
  limits: DrinkLimits,
): SlotDrinks[] | null {
  const pickup = slots[index];
  if (!pickup || pickup.full) return null;
  const plan: SlotDrinks[] = [];
  let remaining = drinks;
  const earliest = Math.max(0, index - makingSlotCount(limits) + 1);
  for (let at = index; at >= earliest && remaining > 0; at -= 1) {
    const slot = slots[at]!;
    if (at < index && Date.parse(slots[at + 1]!.startsAt) - Date.parse(slot.startsAt) !== SLOT_MS) break;
    const drinksHere = Math.min(remaining, Math.max(0, slot.drinksLeft));
    if (drinksHere > 0) plan.push({ slotAt: slot.startsAt, drinks: drinksHere });
    remaining -= drinksHere;
  }
  return remaining === 0 ? plan : null;
}

/** The index of the first slot that can take an order of this many drinks; -1 when none can. */
export function firstSlotFor(slots: readonly SlotRoom[], drinks: number, limits: DrinkLimits): number {
  return slots.findIndex((_, index) => makingPlan(slots, index, drinks, limits) !== null);
}

/**
 * How every `order_too_large` refusal ends, in the shopper's words: the shop can still make it
 * when asked in person.
 */
export function callTheShop(phone: string | null): string {
  return `This order is too large to prepare in time: call the shop${phone ? ` at ${phone}` : ""} to arrange it.`;
}

/** An order over the location's drinks per online order. */
export function overDrinkLimitMessage(drinks: number, limits: DrinkLimits, phone: string | null): string {
  return `${drinksLabel(drinks)} are more than the ${limits.perOrder} we take in one online order. ${callTheShop(phone)}`;
}
