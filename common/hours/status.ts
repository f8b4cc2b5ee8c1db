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

function rangesAround(hours: OpeningHours, at: Date): OpenRange[] {
  return mergeRanges(datedRanges(hours, at, new Date(at.getTime() + OPENING_HORIZON_DAYS * DAY_MS)));
}

/** Whether the location is open at an instant, and when it next opens and closes. */
export function openingStatusAt(hours: OpeningHours, at: Date): OpeningStatus {
  const time = at.getTime();
  const ranges = rangesAround(hours, at);
  const currentIndex = ranges.findIndex((range) => range.start.getTime() <= time && time < range.end.getTime());
  if (currentIndex >= 0) {
    const current = ranges[currentIndex]!;
    return { open: true, closesAt: current.end, opensAt: ranges[currentIndex + 1]?.start ?? null };
  }
  const next = ranges.find((range) => range.start.getTime() > time);
  return { open: false, opensAt: next?.start ?? null, closesAt: next?.end ?? null };
}
