import type { PickupDay } from "#common/availability";
import { addDays, shopDate } from "#common/shop-calendar";
import { firstSlotFor, makingPlan, type DrinkLimits } from "#common/order-size";

// The date is a calendar day already: formatted at noon UTC, it is the same day everywhere.
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Today", "Tomorrow" or "Fri, Nov 27": a day of the location's calendar, from the shop's clock. */
export function pickupDayLabel(date: string, now: Date, timeZone: string): string {
  const today = shopDate(now, timeZone);
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** The first slot of any day that can make this many drinks, or undefined when none can. */
export function firstSlotAhead(days: readonly PickupDay[], drinks: number, limits: DrinkLimits): string | undefined {
  for (const day of days) {
    const index = firstSlotFor(day.slots, drinks, limits);
    if (index >= 0) return day.slots[index]!.startsAt;
  }
  return undefined;
}

/** Whether a chosen slot is still on offer and can still make the cart's drinks. */
export function slotStillTakes(
  days: readonly PickupDay[],
  startsAt: string,
  drinks: number,
  limits: DrinkLimits,
): boolean {
  const day = days.find((entry) => entry.slots.some((slot) => slot.startsAt === startsAt));
  if (!day) return false;
  const index = day.slots.findIndex((slot) => slot.startsAt === startsAt);
  return makingPlan(day.slots, index, drinks, limits) !== null;
}
