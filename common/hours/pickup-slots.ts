import { addDays, shopDate } from "#common/shop-calendar";
import { datedRanges, mergeRanges, MINUTE_MS, type OpenRange } from "./intervals";
import type { OpeningHours } from "./schedule";

/** A pickup slot as offered: its start and the room left in it. */
export interface PickupSlot {
  /** The slot's start, a UTC instant (ISO-8601). */
  startsAt: string;
  /** No place left in it. */
  full: boolean;
  /** Drinks the counter can still make in it for online orders (common/order-size.ts). */
  drinksLeft: number;
}

/** Fixed, not an owner's setting: slots start on the quarter hour (so always divide the hour). */
export const PICKUP_SLOT_MINUTES = 15;
/** Orders are taken for today and the next six days (docs/decisions/0017-order-ahead.md). */
export const ORDER_AHEAD_DAYS = 7;
const SLOT_MS = PICKUP_SLOT_MINUTES * MINUTE_MS;

/**
 * The opening stretches "later today" covers: the one open now (even when it began
 * yesterday evening) and every interval that opens on today's local date.
 */
function todaysRanges(hours: OpeningHours, now: Date): OpenRange[] {
  const today = shopDate(now, hours.timeZone);
  const time = now.getTime();
  const ranges = datedRanges(hours, now, now).filter(
    (range) => range.localDate === today || (range.start.getTime() <= time && time < range.end.getTime()),
  );
  return mergeRanges(ranges);
}

/**
 * The start of every 15-minute pickup slot later today that lies wholly within opening hours
 * and starts no earlier than `earliest` (now plus the time a drink takes). Slots start on the
 * quarter hour: every time zone in use is a whole number of quarter hours from UTC, so a
 * quarter hour in UTC is one on the location's clock too.
 */
export function pickupSlotStarts(hours: OpeningHours, now: Date, earliest: Date = now): Date[] {
  return slotStartsWithin(todaysRanges(hours, now), Math.max(now.getTime(), earliest.getTime()));
}

function slotStartsWithin(ranges: OpenRange[], notBefore: number): Date[] {
  const slots: Date[] = [];
  for (const range of ranges) {
    let start = Math.ceil(Math.max(range.start.getTime(), notBefore) / SLOT_MS) * SLOT_MS;
    while (start + SLOT_MS <= range.end.getTime()) {
      slots.push(new Date(start));
      start += SLOT_MS;
    }
  }
  return slots;
}

/** A day's pickup slots, on the location's calendar ("2026-11-27"). */
export interface DaySlotStarts {
  date: string;
  starts: Date[];
}

/**
 * The pickup slots of today and the next ORDER_AHEAD_DAYS - 1 days, day by day; a day without
 * any (closed, a holiday, or today once its last slot has passed) is left out. Today's are
 * pickupSlotStarts'; another day's lie within the intervals that open on that date (a late shift
 * after midnight belongs to the day it opened, as the hours say). None starts before `earliest`.
 */
export function pickupDaySlotStarts(
  hours: OpeningHours,
  now: Date,
  earliest: Date = now,
  days: number = ORDER_AHEAD_DAYS,
): DaySlotStarts[] {
  const today = shopDate(now, hours.timeZone);
  const last = addDays(today, days - 1);
  const notBefore = Math.max(now.getTime(), earliest.getTime());
  // One day more than needed as instants: a week that gains an hour still reaches its last date.
  const ranges = datedRanges(hours, now, new Date(now.getTime() + (days + 1) * 86_400_000));
  const result: DaySlotStarts[] = [{ date: today, starts: pickupSlotStarts(hours, now, earliest) }];
  for (let offset = 1; offset < days; offset += 1) {
    const date = addDays(today, offset);
    if (date > last) break;
    const own = mergeRanges(ranges.filter((range) => range.localDate === date));
    result.push({ date, starts: slotStartsWithin(own, notBefore) });
  }
  return result.filter((day) => day.starts.length > 0);
}

/** Whether an instant is the start of a pickup slot on offer, today or on a day ahead (what an order may ask for). */
export function isPickupSlotStart(hours: OpeningHours, now: Date, earliest: Date, slot: Date): boolean {
  return pickupDaySlotStarts(hours, now, earliest).some((day) =>
    day.starts.some((start) => start.getTime() === slot.getTime()),
  );
}
