/**
 * A range of a shop's dates as instants, and its clock in SQL. A range of the shop's dates becomes
 * [its first day's midnight, the midnight after its last), each on the shop's calendar
 * (common/shop-calendar.ts), so a day is 23 or 25 hours long when the clocks change. Inside the range the UTC offset is constant between the zone's changes (tzScan), so
 * SQLite turns an instant into the shop's wall-clock time with one CASE over those changes.
 */
import { tzOffset, tzScan } from "@date-fns/tz";
import { addDays, startOfShopDay } from "#common/shop-calendar";

/** A stretch of the range with one UTC offset: until `until` (exclusive; null: the range's end). */
interface OffsetStretch {
  until: string | null;
  offsetMinutes: number;
}

/** One shop's range of dates on its clock. */
export interface ShopRange {
  timeZone: string;
  /** ISO instants, [start, end). */
  start: string;
  end: string;
  stretches: OffsetStretch[];
}

export function shopRange(from: string, to: string, timeZone: string): ShopRange {
  const start = startOfShopDay(from, timeZone);
  const end = startOfShopDay(addDays(to, 1), timeZone);
  const changes = tzScan(timeZone, { start, end }).filter((change) => change.date > start && change.date < end);
  const stretches: OffsetStretch[] = [];
  let offsetMinutes = tzOffset(timeZone, start);
  for (const change of changes) {
    stretches.push({ until: change.date.toISOString(), offsetMinutes });
    offsetMinutes = change.offset;
  }
  stretches.push({ until: null, offsetMinutes });
  return { timeZone, start: start.toISOString(), end: end.toISOString(), stretches };
}

/**
 * The shop's date and wall-clock time at an instant inside the range, by the range's offsets (as
 * the SQL reads them), without asking the time-zone database for each row of an export.
 */
export function shopClockAt(range: ShopRange, iso: string): { date: string; time: string } {
  const stretch = range.stretches.find((candidate) => candidate.until === null || iso < candidate.until)!;
  const local = new Date(Date.parse(iso) + stretch.offsetMinutes * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

/** An ISO instant or an integer, checked before it is written into SQL text. */
function literal(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isInteger(value)) throw new Error(`Not an integer: ${value}`);
    return String(value);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) throw new Error(`Not an instant: ${value}`);
  return `'${value}'`;
}

/** CASE over the range's stretches, answering `pick(stretch, index)` for the stretch `column` falls in. */
function byStretch(range: ShopRange, column: string, pick: (stretch: OffsetStretch, index: number) => string): string {
  if (range.stretches.length === 1) return pick(range.stretches[0]!, 0);
  const arms = range.stretches
    .slice(0, -1)
    .map((stretch, index) => `WHEN ${column} < ${literal(stretch.until!)} THEN ${pick(stretch, index)}`);
  const last = range.stretches.length - 1;
  return `CASE ${arms.join(" ")} ELSE ${pick(range.stretches[last]!, last)} END`;
}

/** SQL: the shop's wall-clock time of the instant in `column`, "YYYY-MM-DD HH:MM:SS". */
export function shopClockSql(range: ShopRange, column: string): string {
  const modifier = byStretch(range, column, (stretch) => `'${literal(stretch.offsetMinutes)} minutes'`);
  return `datetime(${column}, ${modifier})`;
}

/** SQL: which stretch of the range the instant in `column` falls in (tells a repeated hour apart). */
export function stretchSql(range: ShopRange, column: string): string {
  return byStretch(range, column, (_, index) => literal(index));
}

/** SQL: the instant in `column` lies in the range. */
export function inRangeSql(range: ShopRange, column: string): string {
  return `${column} >= ${literal(range.start)} AND ${column} < ${literal(range.end)}`;
}

/** SQL: the instant in `column` lies before the range (a refund's sale placed on an earlier day). */
export function beforeRangeSql(range: ShopRange, column: string): string {
  return `${column} < ${literal(range.start)}`;
}
