/**
 * The owner's numbers of a shop's closed days, kept: the heaviest reads of each day (its sales by
 * day and hour, what sold) stored once the day has ended, so a year is read from 365 rows instead
 * of every order again. The orders' triggers mark a day's row stale (its generation moves on) when
 * any order of that day changes; a row is only written over when its generation is still the one
 * read with its figures (docs/decisions/0055-the-numbers-of-closed-days.md).
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { locations } from "./locations";

export const numbersDays = sqliteTable(
  "numbers_days",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** The shop's calendar date, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** The day as instants on the shop's clock when it was kept, [start, end): a changed time zone is another day. */
    dayStart: text("day_start").notNull(),
    dayEnd: text("day_end").notNull(),
    /** Moves on whenever an order placed on the day changes. */
    generation: integer("generation").notNull().default(0),
    /** The reads' shape the figures were kept in (CLOSED_DAY_VERSION); another is not used. */
    version: integer("version").notNull(),
    /** The day's rows as JSON; null until kept, and again once an order of the day changed. */
    figures: text("figures"),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.day] }),
    // The orders' triggers find a changed order's day by its instant.
    index("numbers_days_location_start_idx").on(table.locationId, table.dayStart),
  ],
);
