/**
 * The cron keeps the numbers of the shops' closed days (./closed-days.ts) before anyone asks, so the
 * owner's first look at a month or a year after a day closes, a deploy or a late refund reads kept
 * rows instead of working the days out (docs/decisions/0055-the-numbers-of-closed-days.md).
 */
import { addDays, datesBetween, shopDate } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import { getDb } from "#worker/db/client";
import type { Env } from "#worker/env";
import { CLOSED_DAY_VERSION, readRanges } from "./closed-days";
import type { ReadCost } from "./report-batch";

/** The closed days kept ahead of any ask: a year back from yesterday, and a few weeks for a range around it. */
export const DAYS_KEPT_AHEAD = 400;

/**
 * A shop's days are worked out at most a month at a time: each month is its own batch, which holds
 * the database about as long as an owner's visit of a month, so orders never wait behind a year.
 */
export const DAYS_PER_BATCH = 31;

/** The days one run works out: every shop's yesterday first, then a year a few runs at a time. */
export const DAYS_PER_RUN = 372;

/** The batches one run makes, so a run stays well under the 1,000 D1 queries an invocation may make. */
export const BATCHES_PER_RUN = 100;

interface KeptDay {
  shop: string;
  day: string;
}

interface Window {
  shop: { id: string; timeZone: string };
  from: string;
  to: string;
  days: number;
}

/**
 * A shop's days not kept, newest first, as windows of at most DAYS_PER_BATCH days. By date alone: a
 * day kept for another clock (its shop's time zone changed) is claimed anew by the next visit, which
 * compares its instants (./closed-days.ts), and kept again by the next run; the cron never works out
 * a chain's every day on the clock.
 */
function windowsOf(shop: { id: string; timeZone: string }, kept: Set<string>, now: Date): Window[] {
  const yesterday = addDays(shopDate(now, shop.timeZone), -1);
  const missing = datesBetween(addDays(yesterday, 1 - DAYS_KEPT_AHEAD), yesterday)
    .filter((day) => !kept.has(`${shop.id}|${day}`))
    .reverse();
  const windows: Window[] = [];
  let index = 0;
  while (index < missing.length) {
    const to = missing[index]!;
    const earliest = addDays(to, 1 - DAYS_PER_BATCH);
    let from = to;
    let days = 0;
    while (index < missing.length && missing[index]! >= earliest) {
      from = missing[index]!;
      days += 1;
      index += 1;
    }
    // A one-day range is worked out whole and never kept: a lone day is asked for with the day before.
    windows.push({ shop, from: from === to ? addDays(to, -1) : from, to, days });
  }
  return windows;
}

/**
 * Works out and keeps the newest closed days of the last DAYS_KEPT_AHEAD that are not kept, every
 * shop's newest first, up to DAYS_PER_RUN days in BATCHES_PER_RUN
 * batches; answers how many it kept. Today is never kept, so once every day is, a run is one read.
 */
export async function keepClosedDays(
  db: Database,
  { now = new Date(), costs = [] }: { now?: Date; costs?: ReadCost[] } = {},
): Promise<{ batches: number; days: number }> {
  const [shops, keptRows] = (await db.$client.batch([
    db.$client.prepare("SELECT id, time_zone AS timeZone FROM locations ORDER BY id"),
    db.$client
      .prepare(
        `SELECT location_id AS shop, day FROM numbers_days
          WHERE figures IS NOT NULL AND version = ? AND day >= ?`,
      )
      .bind(CLOSED_DAY_VERSION, addDays(now.toISOString().slice(0, 10), -DAYS_KEPT_AHEAD - 1)),
  ])) as [D1Result<{ id: string; timeZone: string }>, D1Result<KeptDay>];
  const kept = new Set(keptRows.results.map((row) => `${row.shop}|${row.day}`));
  const windows = shops.results.flatMap((shop) => windowsOf(shop, kept, now)).sort((a, b) => b.to.localeCompare(a.to));

  let batches = 0;
  let days = 0;
  for (const window of windows) {
    if (batches === BATCHES_PER_RUN || days + window.days > DAYS_PER_RUN) break;
    await readRanges(db, [{ shop: window.shop, from: window.from, to: window.to, lighter: [] }], [], now, costs);
    batches += 1;
    days += window.days;
  }
  return { batches, days };
}

/** The cron's step. */
export function keepClosedDaysOf(env: Pick<Env, "DB">, now = new Date()) {
  return keepClosedDays(getDb(env.DB), { now });
}
