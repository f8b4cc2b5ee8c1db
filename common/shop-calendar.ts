/**
 * A shop's calendar and wall clock, once. The database keeps UTC instants; a shop's day is its
 * own midnight to midnight (@date-fns/tz), so it is 23 or 25 hours long when the clocks change.
 * Dates are "YYYY-MM-DD" strings on the shop's calendar; adding days is calendar arithmetic on
 * the date, never 24 hours on an instant.
 */
import { TZDate } from "@date-fns/tz";

function dateKey(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

/** The shop's calendar date at an instant, "YYYY-MM-DD". */
export function shopDate(instant: Date | number, timeZone: string): string {
  const local = new TZDate(typeof instant === "number" ? instant : instant.getTime(), timeZone);
  return dateKey(local.getFullYear(), local.getMonth(), local.getDate());
}

/** The first instant of a date on the shop's calendar. */
export function startOfShopDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 0, 0, timeZone).getTime());
}

/** The instant the shop's day that holds `now` began (a daylight-saving day included). */
export function shopDayStart(now: Date | number, timeZone: string): Date {
  return startOfShopDay(shopDate(now, timeZone), timeZone);
}

/** The date `days` after `date` (before, when negative), by the calendar. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return dateKey(year, month - 1, day + days);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
