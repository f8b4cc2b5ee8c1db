import { shopDate } from "#common/shop-calendar";
import { datedRanges, mergeRanges, type OpenRange } from "./intervals";
import type { OpeningHours } from "./schedule";

export interface OpeningStatus {
  open: boolean;
  /** When the location next opens: after the current stretch when open; null when not within the horizon. */
  opensAt: Date | null;
  /** When open, when the current stretch ends; when closed, when the next stretch ends. */
  closesAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead to look for the next opening: a shop closed for a month says "closed" without a date. */
export const OPENING_HORIZON_DAYS = 35;

/**
 * The horizon's ranges depend only on the hours and on the local dates it starts and ends on, and
 * placing 37 days of hours on the instant line takes a couple of milliseconds: every order, board
 * and shop read asks, so an isolate keeps the last few answers. Hours changed by the owner are a
 * different key (the hours themselves are part of it).
 */
const RECENT_HORIZONS = 32;
const recentHorizons = new Map<string, readonly OpenRange[]>();

function rangesAround(hours: OpeningHours, at: Date): readonly OpenRange[] {
  const end = new Date(at.getTime() + OPENING_HORIZON_DAYS * DAY_MS);
  const key = `${shopDate(at, hours.timeZone)}|${shopDate(end, hours.timeZone)}|${JSON.stringify(hours)}`;
  const known = recentHorizons.get(key);
  if (known) return known;
  const ranges = mergeRanges(datedRanges(hours, at, end));
  if (recentHorizons.size >= RECENT_HORIZONS) recentHorizons.delete(recentHorizons.keys().next().value!);
  recentHorizons.set(key, ranges);
  return ranges;
}

/** A copy, so that no caller can change a remembered range. */
const instant = (date: Date | undefined): Date | null => (date ? new Date(date.getTime()) : null);

/** Whether the location is open at an instant, and when it next opens and closes. */
export function openingStatusAt(hours: OpeningHours, at: Date): OpeningStatus {
  const time = at.getTime();
  const ranges = rangesAround(hours, at);
  const currentIndex = ranges.findIndex((range) => range.start.getTime() <= time && time < range.end.getTime());
  if (currentIndex >= 0) {
    return {
      open: true,
      closesAt: instant(ranges[currentIndex]!.end),
      opensAt: instant(ranges[currentIndex + 1]?.start),
    };
  }
  const next = ranges.find((range) => range.start.getTime() > time);
  return { open: false, opensAt: instant(next?.start), closesAt: instant(next?.end) };
}
