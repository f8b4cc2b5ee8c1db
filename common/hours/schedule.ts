/**
 * A location's opening hours as the shop writes them: wall-clock times in the location's
 * own time zone, never UTC. An interval whose closing time is not after its opening time
 * runs past midnight into the next day ("18:00"–"02:00"); "00:00"–"00:00" is a whole day.
 * An interval belongs to the day it opens on, so Saturday's late shift that ends on Sunday
 * morning is Saturday's, even when Sunday itself has an exception.
 */

/** Sunday first, as `Date#getDay()` and SQLite's `strftime('%w')` count them (0–6). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayNumber = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** "HH:MM" on a 24-hour clock; "24:00" only as a closing time. */
export const WALL_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** "YYYY-MM-DD", a date on the location's own calendar. */
export const LOCAL_DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

export interface OpeningInterval {
  opens: string;
  closes: string;
}

export interface WeeklyOpening extends OpeningInterval {
  weekday: WeekdayNumber;
}

/** A dated exception replaces that day's weekly intervals; no intervals means closed all day. */
export interface DatedException {
  date: string;
  intervals: OpeningInterval[];
  /** Why, for the shop's own reference ("Thanksgiving"). */
  note?: string;
}

export interface OpeningHours {
  /** An IANA time zone, e.g. `America/Los_Angeles`. */
  timeZone: string;
  weekly: WeeklyOpening[];
  exceptions: DatedException[];
}

/** Minutes since local midnight of an "HH:MM" wall time. */
export function wallTimeMinutes(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}
