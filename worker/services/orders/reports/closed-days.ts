/**
 * The numbers of a shop's closed days, kept (docs/decisions/0055-the-numbers-of-closed-days.md).
 *
 * A year's sales by day and hour and what sold are the report's heaviest reads: every order and
 * every line of the year, again on each visit. Once a shop's day has ended its rows are kept in
 * `numbers_days`, one row per day, and a range reads the kept days and works out only the others
 * (today, and any day whose figures went stale). The orders' triggers (migration 0068) make a day
 * stale when any order placed on it changes: its figures go, and its generation moves on. Rows
 * are written back only where the generation is still the one read in the same batch as the
 * figures, so a change that lands between reading and keeping is never written over.
 */
import { addDays, datesBetween, startOfShopDay } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import { runAll, type ReadCost } from "./report-batch";
import {
  salesByDayStatement,
  salesByHourStatement,
  whatSoldStatement,
  type ReportStatement,
  type SalesDayRow,
  type SalesHourRow,
  type SoldRow,
} from "./report-queries";
import { shopRange } from "./shop-range";

/** The shape of the kept rows; figures kept in another are worked out again. */
export const CLOSED_DAY_VERSION = 1;

/** How many days' figures go in one statement when they are kept: well under D1's 2 MB a value. */
const DAYS_KEPT_PER_STATEMENT = 31;

/**
 * At most this many stretches of days are worked out in one ask; the later ones are worked out as
 * one, kept days between them included, so an ask stays a few statements however the days went stale.
 */
const MAX_STRETCHES = 6;

/** The statements of `heavyStatements`, per stretch of days. */
const HEAVY_STATEMENTS = 3;

/**
 * The days to work out as stretches of consecutive days: a refund of a sale from March makes March's
 * day stale, and only that day and the days since the last kept one are read again, not everything
 * from March on.
 */
export function stretchesToWork(days: string[]): { from: string; to: string }[] {
  const stretches: { from: string; to: string }[] = [];
  for (const day of days) {
    const last = stretches.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else stretches.push({ from: day, to: day });
  }
  if (stretches.length <= MAX_STRETCHES) return stretches;
  return [
    ...stretches.slice(0, MAX_STRETCHES - 1),
    { from: stretches[MAX_STRETCHES - 1]!.from, to: stretches.at(-1)!.to },
  ];
}

/** The heavy reads of a range, by day. */
export interface DayReads {
  salesDays: SalesDayRow[];
  salesHours: SalesHourRow[];
  sold: SoldRow[];
}

interface ShopDay {
  day: string;
  start: string;
  end: string;
}

interface KeptRow {
  day: string;
  dayStart: string;
  dayEnd: string;
  generation: number;
  version: number;
  figures: string | null;
}

function shopDays(from: string, to: string, timeZone: string): ShopDay[] {
  return datesBetween(from, to).map((day) => ({
    day,
    start: startOfShopDay(day, timeZone).toISOString(),
    end: startOfShopDay(addDays(day, 1), timeZone).toISOString(),
  }));
}

function heavyStatements(locationId: string, from: string, to: string, timeZone: string): ReportStatement[] {
  const range = shopRange(from, to, timeZone);
  return [
    salesByDayStatement(locationId, range),
    salesByHourStatement(locationId, range, false),
    whatSoldStatement(locationId, range, "sales"),
  ];
}

const keptRowsStatement = (locationId: string, from: string, to: string): ReportStatement => ({
  name: "closed days kept",
  text: `SELECT day, day_start AS dayStart, day_end AS dayEnd, generation, version, figures
    FROM numbers_days WHERE location_id = ? AND day >= ? AND day <= ?`,
  params: [locationId, from, to],
});

/** A row for each day to keep, as it is now; a row kept for another clock or shape starts again. */
const claimStatement = (locationId: string, days: ShopDay[]): ReportStatement => ({
  name: "closed days claimed",
  text: `INSERT INTO numbers_days (location_id, day, day_start, day_end, version)
    SELECT ?, json_extract(value, '$.day'), json_extract(value, '$.start'), json_extract(value, '$.end'), ?
    FROM json_each(?) WHERE true
    ON CONFLICT (location_id, day) DO UPDATE SET day_start = excluded.day_start, day_end = excluded.day_end,
      version = excluded.version, figures = NULL, generation = generation + 1
    WHERE day_start <> excluded.day_start OR day_end <> excluded.day_end OR version <> excluded.version`,
  params: [locationId, String(CLOSED_DAY_VERSION), JSON.stringify(days)],
});

const generationsStatement = (locationId: string, from: string, to: string): ReportStatement => ({
  name: "closed days' generations",
  text: "SELECT day, generation FROM numbers_days WHERE location_id = ? AND day >= ? AND day <= ?",
  params: [locationId, from, to],
});

/** Keeps each day's figures where its row is still at the generation read with them. */
const keepStatement = (
  locationId: string,
  kept: { day: string; generation: number; figures: DayReads }[],
): ReportStatement => ({
  name: "closed days stored",
  // The days are taken out of the JSON once (materialized), then each finds its row by its key:
  // joined as they come, every row would parse every day's figures again.
  text: `WITH kept(day, generation, figures) AS MATERIALIZED (SELECT json_extract(value, '$.day'),
        json_extract(value, '$.generation'), json_extract(value, '$.figures') FROM json_each(?))
    UPDATE numbers_days SET figures = kept.figures FROM kept
    WHERE numbers_days.location_id = ? AND numbers_days.day = kept.day
      AND numbers_days.generation = kept.generation AND numbers_days.version = ?`,
  params: [JSON.stringify(kept), locationId, String(CLOSED_DAY_VERSION)],
});

function byDay(reads: DayReads): Map<string, DayReads> {
  const days = new Map<string, DayReads>();
  const of = (day: string) => {
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { salesDays: [], salesHours: [], sold: [] }));
    return entry;
  };
  for (const row of reads.salesDays) of(row.day).salesDays.push(row);
  for (const row of reads.salesHours) of(row.day).salesHours.push(row);
  for (const row of reads.sold) of(row.day).sold.push(row);
  return days;
}

/**
 * The heavy reads of a shop's range of several days, the closed days' from their kept rows, and
 * `others` (the range's lighter reads) in the same batch as the days worked out. `now` says which
 * days have ended.
 */
export async function readWithClosedDays(
  db: Database,
  shop: { id: string; timeZone: string },
  from: string,
  to: string,
  now: Date,
  others: ReportStatement[],
  costs: ReadCost[],
): Promise<{ reads: DayReads; others: unknown[][] }> {
  const days = shopDays(from, to, shop.timeZone);
  const closed = days.filter((day) => day.end <= now.toISOString());
  const [keptRows] = (await runAll(db, [keptRowsStatement(shop.id, from, to)], costs)) as [KeptRow[]];
  const kept = new Map(
    keptRows.filter((row) => row.figures !== null && row.version === CLOSED_DAY_VERSION).map((row) => [row.day, row]),
  );
  const usable = (day: ShopDay) => {
    const row = kept.get(day.day);
    return row !== undefined && row.dayStart === day.start && row.dayEnd === day.end;
  };
  // Worked out: only the days not kept (today's, at least, is never kept), a stretch of them at a time.
  const stretches = stretchesToWork(days.filter((day) => !usable(day)).map((day) => day.day));
  const workedDays = new Set(stretches.flatMap((stretch) => datesBetween(stretch.from, stretch.to)));
  const toKeep = closed.filter((day) => !usable(day));
  const claim = toKeep.length > 0 ? [claimStatement(shop.id, toKeep), generationsStatement(shop.id, from, to)] : [];
  const heavy = stretches.flatMap((stretch) => heavyStatements(shop.id, stretch.from, stretch.to, shop.timeZone));
  const results = await runAll(db, [...claim, ...heavy, ...others], costs);
  const generations = toKeep.length > 0 ? (results[1] as { day: string; generation: number }[]) : [];
  const reads: DayReads = { salesDays: [], salesHours: [], sold: [] };
  for (let index = claim.length; index < claim.length + heavy.length; index += HEAVY_STATEMENTS) {
    reads.salesDays.push(...(results[index] as SalesDayRow[]));
    reads.salesHours.push(...(results[index + 1] as SalesHourRow[]));
    reads.sold.push(...(results[index + 2] as SoldRow[]));
  }
  const worked = byDay(reads);

  for (const day of days) {
    if (workedDays.has(day.day)) continue;
    const figures = JSON.parse(kept.get(day.day)!.figures!) as DayReads;
    reads.salesDays.push(...figures.salesDays);
    reads.salesHours.push(...figures.salesHours);
    reads.sold.push(...figures.sold);
  }

  if (toKeep.length > 0) {
    const generationOf = new Map(generations.map((row) => [row.day, row.generation]));
    const empty: DayReads = { salesDays: [], salesHours: [], sold: [] };
    const keep = toKeep.map((day) => ({
      day: day.day,
      generation: generationOf.get(day.day) ?? -1,
      figures: worked.get(day.day) ?? empty,
    }));
    const statements: ReportStatement[] = [];
    for (let index = 0; index < keep.length; index += DAYS_KEPT_PER_STATEMENT)
      statements.push(keepStatement(shop.id, keep.slice(index, index + DAYS_KEPT_PER_STATEMENT)));
    await runAll(db, statements, costs);
  }
  return { reads, others: results.slice(claim.length + heavy.length) };
}
