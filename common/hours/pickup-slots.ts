import { datedRanges, localDateAt, mergeRanges, MINUTE_MS, type OpenRange } from "./intervals";
import type { OpeningHours } from "./schedule";

export const PICKUP_SLOT_MINUTES = 15;
const SLOT_MS = PICKUP_SLOT_MINUTES * MINUTE_MS;

/**
 * The opening stretches "later today" covers: the one open now (even when it began
 * yesterday evening) and every interval that opens on today's local date.
 */
function todaysRanges(hours: OpeningHours, now: Date): OpenRange[] {
  const today = localDateAt(now, hours.timeZone);
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
  const slots: Date[] = [];
  const notBefore = Math.max(now.getTime(), earliest.getTime());
  for (const range of todaysRanges(hours, now)) {
    let start = Math.ceil(Math.max(range.start.getTime(), notBefore) / SLOT_MS) * SLOT_MS;
    while (start + SLOT_MS <= range.end.getTime()) {
      slots.push(new Date(start));
      start += SLOT_MS;
    }
  }
  return slots;
}

/** Whether an instant is the start of one of today's pickup slots (what an order may ask for). */
export function isPickupSlotStart(hours: OpeningHours, now: Date, earliest: Date, slot: Date): boolean {
  return pickupSlotStarts(hours, now, earliest).some((start) => start.getTime() === slot.getTime());
}
