import { WEEKDAYS, wallTimeMinutes } from "./schedule";

/**
 * Times as a shopper in the location's town reads them ("7:00 AM"). This file has no
 * time-zone arithmetic of its own: instants go through Intl with the location's zone.
 */

/** "07:00" → "7:00 AM", "24:00" → "12:00 AM": a wall time needs no time zone. */
export function formatWallTime(time: string): string {
  const minutesOfDay = wallTimeMinutes(time) % (24 * 60);
  const hours = Math.floor(minutesOfDay / 60);
  const minutes = String(minutesOfDay % 60).padStart(2, "0");
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** An instant's time on the location's clock, "2:30 PM" (plain spaces, whatever the ICU version). */
export function formatTimeIn(instant: Date, timeZone: string): string {
  return formatter(timeZone, { hour: "numeric", minute: "2-digit" }).format(instant).replace(/\s/g, " ");
}

/** An instant on the location's calendar and clock, "Wed, Nov 25, 12:43 AM". */
export function formatDateTimeIn(instant: Date, timeZone: string): string {
  return formatter(timeZone, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    .format(instant)
    .replace(/\s/g, " ");
}

/** The location's calendar day of an instant, as a day number that can be subtracted. */
function dayNumberIn(instant: Date, timeZone: string): number {
  const parts = formatter(timeZone, { year: "numeric", month: "numeric", day: "numeric" }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / 86_400_000;
}

/** "today", "tomorrow", "on Monday" (within a week) or "on Dec 26", on the location's calendar. */
export function relativeDayIn(instant: Date, now: Date, timeZone: string): string {
  const days = dayNumberIn(instant, timeZone) - dayNumberIn(now, timeZone);
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  if (days < 7) return `on ${formatter(timeZone, { weekday: "long" }).format(instant)}`;
  return `on ${formatter(timeZone, { month: "short", day: "numeric" }).format(instant)}`;
}

/** Writes an instant's time: on the shop's clock by default; a shopper's page passes one that says whose clock it is. */
export type TimeWriter = (instant: Date, timeZone: string) => string;

/** "Closed now · opens today at 7:00 AM"; just "Closed now" when no opening is planned. */
export function closedMessage(
  opensAt: Date | null,
  now: Date,
  timeZone: string,
  writeTime: TimeWriter = formatTimeIn,
): string {
  if (!opensAt) return "Closed now";
  const day = relativeDayIn(opensAt, now, timeZone);
  return `Closed now · opens ${day} at ${writeTime(opensAt, timeZone)}`;
}

/** "Online ordering is paused, back at 2:30 PM"; without an end, "Online ordering is paused for now". */
export function pausedMessage(until: Date | null, timeZone: string, writeTime: TimeWriter = formatTimeIn): string {
  if (!until) return "Online ordering is paused for now";
  return `Online ordering is paused, back at ${writeTime(until, timeZone)}`;
}

/** A day's intervals in words: "Closed", "Open 24 hours" or "7:00 AM – 2:00 PM, 4:00 PM – 7:00 PM". */
function intervalsText(intervals: { opens: string; closes: string }[]): string {
  if (intervals.length === 0) return "Closed";
  return intervals
    .map((entry) =>
      entry.opens === entry.closes
        ? "Open 24 hours"
        : `${formatWallTime(entry.opens)} – ${formatWallTime(entry.closes)}`,
    )
    .join(", ");
}

let calendarDayFormat: Intl.DateTimeFormat | undefined;

/**
 * Made on first use, not when the module loads: the first formatter a page makes loads the
 * browser's locale data, tens of milliseconds on a phone, and a landing page without days of other
 * hours never needs it.
 */
function calendarDay(): Intl.DateTimeFormat {
  return (calendarDayFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  }));
}

/**
 * A day with other hours, as the footer and About list it: "Thu Nov 26 · Closed · Thanksgiving Day".
 * The date is already the shop's calendar day, so it is read as a plain date (no time zone).
 */
export function hoursExceptionLine(exception: {
  date: string;
  intervals: { opens: string; closes: string }[];
  note: string | null;
}): string {
  const [year = 0, month = 1, day = 1] = exception.date.split("-").map(Number);
  const parts = calendarDay().formatToParts(new Date(Date.UTC(year, month - 1, day, 12)));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  const when = `${part("weekday")} ${part("month")} ${part("day")}`;
  return [when, intervalsText(exception.intervals), exception.note].filter(Boolean).join(" · ");
}

/** The week's hours for a footer or the About page: one line per day, Monday first. */
export function weeklyHoursLines(
  weekly: { weekday: number; opens: string; closes: string }[],
): { day: (typeof WEEKDAYS)[number]; hours: string }[] {
  const mondayFirst = [1, 2, 3, 4, 5, 6, 0];
  return mondayFirst.map((weekday) => {
    const intervals = weekly
      .filter((entry) => entry.weekday === weekday)
      .sort((a, b) => wallTimeMinutes(a.opens) - wallTimeMinutes(b.opens));
    return {
      day: WEEKDAYS[weekday]!,
      hours: intervalsText(intervals),
    };
  });
}
