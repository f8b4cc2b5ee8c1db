import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import weeklyHoursSql from "../../seed/opening-hours.sql?raw";
import exceptionsSql from "../../seed/opening-hours-exceptions.sql?raw";
import { seedStatements } from "./seed-sql";
import { ANAHEIM, resetShop } from "./store-helpers";

// The owner's SQL, re-applied as `wrangler d1 execute --file` runs it: the weekly hours and the
// one-off days are separate files, and neither takes away an exception it did not write.

afterEach(resetShop);

async function apply(sqlText: string) {
  await env.DB.batch(seedStatements(sqlText).map((statement) => env.DB.prepare(statement)));
}

async function exceptions() {
  const { results } = await env.DB.prepare(
    "SELECT date, opens, closes, note FROM location_hours_exceptions WHERE location_id = ? ORDER BY date, opens",
  )
    .bind(ANAHEIM)
    .all();
  return results;
}

/** Exceptions written by hand: an inventory day, and a day with a lunch break. */
async function writeByHand() {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, '2027-02-03', NULL, NULL, 'Inventory day')",
    ).bind(ANAHEIM),
    env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes, note) VALUES (?, '2027-02-10', '08:00', '12:00', 'Staff training'), (?, '2027-02-10', '13:00', '18:00', 'Staff training')",
    ).bind(ANAHEIM, ANAHEIM),
  ]);
}

const BY_HAND = [
  { date: "2027-02-03", opens: null, closes: null, note: "Inventory day" },
  { date: "2027-02-10", opens: "08:00", closes: "12:00", note: "Staff training" },
  { date: "2027-02-10", opens: "13:00", closes: "18:00", note: "Staff training" },
];

const FROM_FILE = [
  { date: "2026-11-26", opens: null, closes: null, note: "Thanksgiving Day" },
  { date: "2026-12-24", opens: "08:00", closes: "14:00", note: "Christmas Eve" },
  { date: "2026-12-25", opens: null, closes: null, note: "Christmas Day" },
  { date: "2026-12-31", opens: "07:00", closes: "16:00", note: "New Year's Eve" },
  { date: "2027-01-01", opens: null, closes: null, note: "New Year's Day" },
];

describe("seed/opening-hours.sql, the weekly hours", () => {
  it("replaces the week, and keeps every exception however often it is applied", async () => {
    await apply(exceptionsSql);
    await writeByHand();
    await apply(weeklyHoursSql);
    await apply(weeklyHoursSql);

    const { results: week } = await env.DB.prepare(
      "SELECT weekday, opens, closes FROM location_hours WHERE location_id = ? ORDER BY weekday",
    )
      .bind(ANAHEIM)
      .all();
    expect(week).toEqual([
      { weekday: 0, opens: "09:00", closes: "17:00" },
      ...[1, 2, 3, 4].map((weekday) => ({ weekday, opens: "07:00", closes: "19:00" })),
      { weekday: 5, opens: "07:00", closes: "20:00" },
      { weekday: 6, opens: "08:00", closes: "20:00" },
    ]);
    expect(await exceptions()).toEqual([...FROM_FILE, ...BY_HAND]);
  });

  it("writes no exception of its own", () => {
    expect(weeklyHoursSql).not.toMatch(/location_hours_exceptions/i);
  });
});

describe("seed/opening-hours-exceptions.sql, the one-off days", () => {
  it("gives the same rows however often it is applied, next to the exceptions written by hand", async () => {
    await writeByHand();
    await apply(exceptionsSql);
    await apply(exceptionsSql);
    expect(await exceptions()).toEqual([...FROM_FILE, ...BY_HAND]);
  });

  it("replaces a date it writes as a whole when the file changes it: short hours, then closed, then open", async () => {
    await writeByHand();
    await apply(exceptionsSql);
    // The owner turns Thanksgiving into short hours with a break, and Christmas Eve into a closed day.
    const edited = exceptionsSql
      .replace(
        "('loc-anaheim', '2026-11-26', NULL, NULL, 'Thanksgiving Day')",
        "('loc-anaheim', '2026-11-26', '08:00', '11:00', 'Thanksgiving'), ('loc-anaheim', '2026-11-26', '16:00', '18:00', 'Thanksgiving')",
      )
      .replace(
        "('loc-anaheim', '2026-12-24', '08:00', '14:00', 'Christmas Eve')",
        "('loc-anaheim', '2026-12-24', NULL, NULL, 'Christmas Eve')",
      );
    expect(edited).not.toBe(exceptionsSql);
    await apply(edited);
    expect(await exceptions()).toEqual([
      { date: "2026-11-26", opens: "08:00", closes: "11:00", note: "Thanksgiving" },
      { date: "2026-11-26", opens: "16:00", closes: "18:00", note: "Thanksgiving" },
      { date: "2026-12-24", opens: null, closes: null, note: "Christmas Eve" },
      ...FROM_FILE.slice(2),
      ...BY_HAND,
    ]);
  });
});
