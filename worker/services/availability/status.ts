/**
 * `GET /api/store`'s answer: whether the shop takes orders now, its hours, what is sold out, when
 * "as soon as possible" would be ready and today's pickup slots with their room left (the orders
 * room counts those: worker/services/orders/pickup-slots.ts).
 */
import { HOURS_EXCEPTIONS_AHEAD_DAYS, type ShopHoursException, type ShopStatus } from "#common/availability";
import { shopDate } from "#common/shop-calendar";
import type { OpeningHours } from "#common/hours/schedule";
import type { Database } from "#worker/db/client";
import { pickupSlotsWithFill } from "#worker/services/orders/pickup-slots";
import { shopStateNow } from "#worker/services/orders/queue";
import { acceptance, estimateReadyAt, readyAfterClosing } from "#worker/services/shop/state";

/** The exceptions from today to HOURS_EXCEPTIONS_AHEAD_DAYS days ahead, on the shop's calendar. */
function upcomingExceptions(hours: OpeningHours, now: Date): ShopHoursException[] {
  const today = shopDate(now, hours.timeZone);
  // Calendar arithmetic on the date itself: a day is not always 24 hours on the shop's clock.
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + (HOURS_EXCEPTIONS_AHEAD_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return hours.exceptions
    .filter((entry) => entry.date >= today && entry.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({ date: entry.date, intervals: entry.intervals, note: entry.note ?? null }));
}

/** `GET /api/store`'s answer. */
export async function shopStatus(db: Database, locationId: string, now: Date): Promise<ShopStatus> {
  const state = await shopStateNow(db, locationId, now);
  const { open, reason, opensAt, closesAt } = acceptance(state, now);
  const asapReadyAt = estimateReadyAt(state, now);
  // Today's only: the days ahead are GET /api/pickup-days' (pickup-days.ts), for the checkout alone.
  const pickupSlots = reason === null ? await pickupSlotsWithFill(db, state, now, asapReadyAt) : [];
  // "As soon as possible" is offered only when a drink can be ready before closing (admission.ts
  // refuses it otherwise); the checkout then offers the first pickup time ahead.
  const asapOffered = reason === null && !readyAfterClosing(asapReadyAt, closesAt);
  return {
    locationId: state.shop.id,
    locationName: state.shop.name,
    timeZone: state.shop.timeZone,
    open,
    acceptingOrders: reason === null,
    reason,
    opensAt: opensAt?.toISOString() ?? null,
    closesAt: closesAt?.toISOString() ?? null,
    pausedUntil: state.pause?.pausedUntil ?? null,
    soldOut: state.soldOut,
    soldOutOptions: state.soldOutOptions,
    asapReadyAt: asapOffered ? asapReadyAt.toISOString() : null,
    pickupSlots,
    drinkLimits: state.drinkLimits,
    phone: state.shop.phone,
    weeklyHours: state.hours.weekly.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
    hoursExceptions: upcomingExceptions(state.hours, now),
    now: now.toISOString(),
  };
}
