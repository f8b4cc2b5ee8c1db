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
  discountsByKindStatement,
  promoUsesStatement,
  salesByDayStatement,
  salesByHourStatement,
  stampCardStatement,
  whatSoldStatement,
  type DiscountKindRow,
  type PromoUsesRow,
  type ReportStatement,
  type SalesDayRow,
  type SalesHourRow,
  type SoldRow,
  type StampCardRow,
} from "./report-queries";
import { shopRange } from "./shop-range";

/** The shape of the kept rows; figures kept in another are worked out again. */
export const CLOSED_DAY_VERSION = 2;

/** How many days' figures go in one statement when they are kept: well under D1's 2 MB a value. */
const DAYS_KEPT_PER_STATEMENT = 31;

/**
 * At most this many stretches of days are worked out in one ask; the later ones are worked out as
 * one, kept days between them included, so an ask stays a few statements however the days went stale.
 */
const MAX_STRETCHES = 6;

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

/** The reads of a range keyed by the day of its sales, which a closed day keeps. */
export interface DayReads {
  salesDays: SalesDayRow[];
  salesHours: SalesHourRow[];
  sold: SoldRow[];
  discountKinds: DiscountKindRow[];
  promoUses: PromoUsesRow[];
  stamps: StampCardRow[];
}

/** DayReads' reads, in the order of their statements (`dayStatements`). */
const DAY_READS = ["salesDays", "salesHours", "sold", "discountKinds", "promoUses", "stamps"] as const;

function noDayReads(): DayReads {
  return { salesDays: [], salesHours: [], sold: [], discountKinds: [], promoUses: [], stamps: [] };
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

/**
 * The reads a day keeps, in DAY_READS' order, of a stretch of days; `oneDay` (a range of one day,
 * never kept) keeps apart the stretches of the clock that tell a repeated hour apart.
 */
function dayStatements(
  locationId: string,
  from: string,
  to: string,
  timeZone: string,
  oneDay = false,
): ReportStatement[] {
  const range = shopRange(from, to, timeZone);
  return [
    salesByDayStatement(locationId, range),
    salesByHourStatement(locationId, range, oneDay),
    whatSoldStatement(locationId, range, "sales"),
    discountsByKindStatement(locationId, range, oneDay),
    promoUsesStatement(locationId, range),
    stampCardStatement(locationId, range),
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
  for (const key of DAY_READS) {
    for (const row of reads[key]) {
      let entry = days.get(row.day);
      if (!entry) days.set(row.day, (entry = noDayReads()));
      (entry[key] as { day: string }[]).push(row);
    }
  }
  return days;
}

/** A shop's range to read: its day reads (kept where its days are closed) and `lighter`, read beside them. */
export interface RangeAsk {
  shop: { id: string; timeZone: string };
  from: string;
  to: string;
  /** Reads that are never kept (the refunds, which count on the day they were made), in the same batch. */
  lighter: ReportStatement[];
}

/** What a range read: its day reads, closed days' from their kept rows, and its lighter reads' rows in order. */
export interface RangeReads {
  reads: DayReads;
  others: unknown[][];
}

/** The statements of one ask in one batch, and where their answers sit in it. */
interface Planned {
  statements: ReportStatement[];
  keptReads: number;
  dayReads: number;
}

/** The answers of `count` statements from `from` on: DAY_READS' statements for each stretch, in turn. */
function readsOf(results: unknown[][], from: number, count: number): DayReads {
  const reads = noDayReads();
  for (let index = from; index < from + count; index += DAY_READS.length) {
    DAY_READS.forEach((key, offset) => (reads[key] as unknown[]).push(...results[index + offset]!));
  }
  return reads;
}

/**
 * The reads of several shops' ranges and the `shared` statements, in as few batches as D1 allows
 * each answer to be whole: one when every closed day of every range is kept (the days still open are
 * worked out in it), then, only for the ranges with a closed day not kept, a batch that claims and
 * works those out with the range's lighter reads again (one consistent view), and one that keeps them
 * (`workOutAndKeep`).
 * `now` says which days have ended.
 */
export async function readRanges(
  db: Database,
  asks: RangeAsk[],
  shared: ReportStatement[],
  now: Date,
  costs: ReadCost[],
): Promise<{ ranges: RangeReads[]; shared: unknown[][] }> {
  const at = now.toISOString();
  const plans = asks.map((ask) => {
    const days = ask.from === ask.to ? [] : shopDays(ask.from, ask.to, ask.shop.timeZone);
    return { ask, days, open: days.filter((day) => day.end > at).map((day) => day.day) };
  });
  const firstBatch: Planned[] = plans.map(({ ask, days, open }) => {
    if (days.length === 0) {
      const dayReads = dayStatements(ask.shop.id, ask.from, ask.to, ask.shop.timeZone, true);
      return { statements: [...dayReads, ...ask.lighter], keptReads: 0, dayReads: dayReads.length };
    }
    const dayReads = stretchesToWork(open).flatMap((stretch) =>
      dayStatements(ask.shop.id, stretch.from, stretch.to, ask.shop.timeZone),
    );
    return {
      statements: [keptRowsStatement(ask.shop.id, ask.from, ask.to), ...dayReads, ...ask.lighter],
      keptReads: 1,
      dayReads: dayReads.length,
    };
  });
  const first = await runAll(db, [...firstBatch.flatMap((planned) => planned.statements), ...shared], costs);
  const answers: unknown[][][] = [];
  let offset = 0;
  for (const planned of firstBatch) {
    answers.push(first.slice(offset, offset + planned.statements.length));
    offset += planned.statements.length;
  }

  const ranges: RangeReads[] = [];
  const toWork: StaleRange[] = [];
  plans.forEach(({ ask, days, open }, index) => {
    const planned = firstBatch[index]!;
    const answer = answers[index]!;
    const others = answer.slice(planned.keptReads + planned.dayReads);
    if (days.length === 0) {
      ranges.push({ reads: readsOf(answer, 0, planned.dayReads), others });
      return;
    }
    const kept = usableKeptRows(answer[0] as KeptRow[]);
    const usable = (day: ShopDay) => {
      const row = kept.get(day.day);
      return row !== undefined && row.dayStart === day.start && row.dayEnd === day.end;
    };
    const toKeep = days.filter((day) => day.end <= at && !usable(day));
    if (toKeep.length === 0) {
      const reads = readsOf(answer, planned.keptReads, planned.dayReads);
      addKeptDays(reads, days, kept, new Set(open));
      ranges.push({ reads, others });
      return;
    }
    const stretches = stretchesToWork(days.filter((day) => !usable(day)).map((day) => day.day));
    const dayReads = stretches.flatMap((stretch) =>
      dayStatements(ask.shop.id, stretch.from, stretch.to, ask.shop.timeZone),
    );
    toWork.push({
      index,
      ask,
      days,
      kept,
      worked: new Set(stretches.flatMap((stretch) => datesBetween(stretch.from, stretch.to))),
      statements: [
        claimStatement(ask.shop.id, toKeep),
        generationsStatement(ask.shop.id, ask.from, ask.to),
        ...dayReads,
        ...ask.lighter,
      ],
      toKeep,
    });
    // Filled from the next batch.
    ranges.push({ reads: noDayReads(), others: [] });
  });
  if (toWork.length > 0) await workOutAndKeep(db, toWork, ranges, costs);
  return { ranges, shared: first.slice(offset) };
}

/** A range with closed days not kept: the statements that claim and work them out, and what it had kept. */
interface StaleRange {
  index: number;
  ask: RangeAsk;
  days: ShopDay[];
  kept: Map<string, KeptRow>;
  /** The days its statements work out (stale days, and kept ones inside a merged stretch). */
  worked: Set<string>;
  statements: ReportStatement[];
  toKeep: ShopDay[];
}

/** Works out the stale ranges' days in one batch, fills their answers in `ranges`, then keeps the days. */
async function workOutAndKeep(db: Database, toWork: StaleRange[], ranges: RangeReads[], costs: ReadCost[]) {
  const answers = await runAll(
    db,
    toWork.flatMap((work) => work.statements),
    costs,
  );
  const keeping: ReportStatement[] = [];
  let position = 0;
  for (const work of toWork) {
    const answer = answers.slice(position, position + work.statements.length);
    position += work.statements.length;
    // Claimed, generations, then the stretches' day reads, then the lighter reads.
    const dayReadCount = work.statements.length - 2 - work.ask.lighter.length;
    const reads = readsOf(answer, 2, dayReadCount);
    const workedByDay = byDay(reads);
    addKeptDays(reads, work.days, work.kept, work.worked);
    ranges[work.index] = { reads, others: answer.slice(2 + dayReadCount) };

    const generationOf = new Map(
      (answer[1] as { day: string; generation: number }[]).map((row) => [row.day, row.generation]),
    );
    const keep = work.toKeep.map((day) => ({
      day: day.day,
      generation: generationOf.get(day.day) ?? -1,
      figures: workedByDay.get(day.day) ?? noDayReads(),
    }));
    for (let index = 0; index < keep.length; index += DAYS_KEPT_PER_STATEMENT)
      keeping.push(keepStatement(work.ask.shop.id, keep.slice(index, index + DAYS_KEPT_PER_STATEMENT)));
  }
  await runAll(db, keeping, costs);
}

/** The kept rows of a range that are of this shape and hold figures. */
function usableKeptRows(rows: KeptRow[]): Map<string, KeptRow> {
  return new Map(
    rows.filter((row) => row.figures !== null && row.version === CLOSED_DAY_VERSION).map((row) => [row.day, row]),
  );
}

/** Adds the kept figures of every day not worked out. */
function addKeptDays(reads: DayReads, days: ShopDay[], kept: Map<string, KeptRow>, worked: Set<string>) {
  for (const day of days) {
    if (worked.has(day.day)) continue;
    const figures = JSON.parse(kept.get(day.day)!.figures!) as DayReads;
    for (const key of DAY_READS) (reads[key] as unknown[]).push(...figures[key]);
  }
}
