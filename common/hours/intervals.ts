import { TZDate } from "@date-fns/tz";
import { shopDate } from "#common/shop-calendar";
import { wallTimeMinutes, type OpeningHours, type OpeningInterval, type WeekdayNumber } from "./schedule";

/** One stretch of opening as UTC instants, [start, end). */
export interface OpenRange {
  start: Date;
  end: Date;
}

/** An opening interval placed on the instant line, with the local date it belongs to. */
export interface DatedRange extends OpenRange {
  localDate: string;
}

const MINUTE_MS = 60_000;

/**
 * The instant a wall-clock time on a local date names. @date-fns/tz resolves the two DST
 * edge cases the way Temporal's "compatible" rule does: a time the clock skips (2:30 a.m.
 * on the spring-forward night) is read as the same time after the jump (3:30 a.m.), and a
 * time that happens twice (1:30 a.m. on the fall-back night) as its first occurrence.
 */
function instantAt(year: number, monthIndex: number, day: number, minutesOfDay: number, timeZone: string): Date {
  const hours = Math.floor(minutesOfDay / 60);
  const minutes = minutesOfDay % 60;
  return new Date(new TZDate(year, monthIndex, day, hours, minutes, timeZone).getTime());
}

function intervalsForDay(hours: OpeningHours, dateKey: string, weekday: WeekdayNumber): OpeningInterval[] {
  const exception = hours.exceptions.find((entry) => entry.date === dateKey);
  if (exception) return exception.intervals;
  return hours.weekly.filter((entry) => entry.weekday === weekday);
}

/**
 * The intervals that belong to a local date ("YYYY-MM-DD"), as the shop wrote them: the date's
 * exception when it has one, else its weekday's hours.
 */
export function intervalsOnDate(hours: OpeningHours, dateKey: string): OpeningInterval[] {
  const [year = 1970, month = 1, day = 1] = dateKey.split("-").map(Number);
  // A plain calendar date: its weekday needs no time zone.
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() as WeekdayNumber;
  return [...intervalsForDay(hours, dateKey, weekday)].sort(
    (a, b) => wallTimeMinutes(a.opens) - wallTimeMinutes(b.opens),
  );
}

/**
 * Every opening interval that belongs to a local date from the day before `from` to the day
 * of `to`, in order of opening: the day before catches a late shift still open after midnight.
 */
export function datedRanges(hours: OpeningHours, from: Date, to: Date): DatedRange[] {
  const first = new TZDate(from.getTime(), hours.timeZone);
  const lastKey = shopDate(to, hours.timeZone);
  const ranges: DatedRange[] = [];
  for (let offset = -1; ; offset += 1) {
    // Calendar arithmetic on the local date (noon, far from any clock change), not on instants.
    const day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + offset, 12, 0, hours.timeZone);
    const key = shopDate(day, hours.timeZone);
    if (key > lastKey) break;
    const [year, monthIndex, date] = [day.getFullYear(), day.getMonth(), day.getDate()];
    for (const interval of intervalsForDay(hours, key, day.getDay() as WeekdayNumber)) {
      const opens = wallTimeMinutes(interval.opens);
      const closes = wallTimeMinutes(interval.closes);
      const start = instantAt(year, monthIndex, date, opens, hours.timeZone);
      // Closing at or before opening means the interval runs into the next day.
      const end = instantAt(year, monthIndex, closes > opens ? date : date + 1, closes, hours.timeZone);
      if (end > start) ranges.push({ start, end, localDate: key });
    }
  }
  return ranges.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Overlapping or touching ranges joined: 22:00–24:00 and 00:00–02:00 are one night. */
export function mergeRanges(ranges: OpenRange[]): OpenRange[] {
  const sorted = [...ranges].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: OpenRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start.getTime() <= last.end.getTime()) {
      if (range.end > last.end) last.end = range.end;
    } else {
      merged.push({ start: range.start, end: range.end });
    }
  }
  return merged;
}

export { MINUTE_MS };
