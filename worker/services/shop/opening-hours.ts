import { asc, eq } from "drizzle-orm";
import type { OpeningHours, WeekdayNumber } from "#common/hours/schedule";
import type { Database } from "#worker/db/client";
import { locationHours, locationHoursExceptions } from "#worker/db/schema";

type WeeklyRow = Pick<typeof locationHours.$inferSelect, "weekday" | "opens" | "closes">;
type ExceptionRow = Pick<typeof locationHoursExceptions.$inferSelect, "date" | "opens" | "closes" | "note">;

/** A shop's schedule as the hours module reads it, from the rows seed/opening-hours.sql writes: two queries, for a batch. */
export function openingHoursQueries(db: Database, locationId: string) {
  return [
    db
      .select()
      .from(locationHours)
      .where(eq(locationHours.locationId, locationId))
      .orderBy(asc(locationHours.weekday), asc(locationHours.opens)),
    db
      .select()
      .from(locationHoursExceptions)
      .where(eq(locationHoursExceptions.locationId, locationId))
      .orderBy(asc(locationHoursExceptions.date), asc(locationHoursExceptions.opens)),
  ] as const;
}

/**
 * The schedule from one shop's rows, in the order openingHoursQueries reads them (weekday and
 * opening; date and opening), of one shop or of several read at once.
 */
export function openingHoursFromRows(
  timeZone: string,
  weeklyRows: WeeklyRow[],
  exceptionRows: ExceptionRow[],
): OpeningHours {
  const exceptions = new Map<string, OpeningHours["exceptions"][number]>();
  for (const row of exceptionRows) {
    const entry = exceptions.get(row.date) ?? { date: row.date, intervals: [], note: row.note };
    // A row without times closes the day; with times, it is one of the day's intervals.
    if (row.opens !== null && row.closes !== null) entry.intervals.push({ opens: row.opens, closes: row.closes });
    exceptions.set(row.date, entry);
  }
  return {
    timeZone,
    weekly: weeklyRows.map((row) => ({ weekday: row.weekday as WeekdayNumber, opens: row.opens, closes: row.closes })),
    exceptions: [...exceptions.values()],
  };
}
