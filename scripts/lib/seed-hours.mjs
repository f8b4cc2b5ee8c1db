// The shops' own opening hours as seed/opening-hours.sql and seed/opening-hours-exceptions.sql
// write them (not the local database's, which keeps the development seed's all-day hours): what
// `npm run seed:history` places its orders and refunds inside. Wall-clock "HH:MM" in each shop's
// time zone, as common/hours/ reads them; an interval whose close is not after its open runs past
// midnight and belongs to the day it opens on, and '00:00' to '00:00' is the whole day.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TZDate } from "@date-fns/tz";
import { SHOP_EXCEPTIONS_FILE } from "./seed-files.mjs";
import { splitSql } from "./split-sql.mjs";

export const SHOP_HOURS_FILE = join("seed", "opening-hours.sql");

/** The rows of a statement's VALUES list: each "( … )" as its SQL literals (strings unquoted, NULL as null). */
function valuesOf(statement) {
  const values = statement.slice(statement.search(/\bVALUES\b/i) + "VALUES".length);
  const rows = [];
  for (const match of values.matchAll(/\(((?:'(?:[^']|'')*'|[^()'])*)\)/g)) {
    const cells = [...match[1].matchAll(/'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|(NULL)/gi)].map((cell) =>
      cell[1] !== undefined ? cell[1].replace(/''/g, "'") : cell[2] !== undefined ? Number(cell[2]) : null,
    );
    rows.push(cells);
  }
  return rows;
}

/**
 * @param {string} root the project's folder
 * @returns {Map<string, { weekly: Map<number, [string, string][]>, exceptions: Map<string, [string, string][]> }>}
 *   per shop id: its weekly intervals by weekday (0 = Sunday), and its one-off days by date (no interval: closed)
 */
export function readSeedHours(root) {
  const shops = new Map();
  const shop = (id) => {
    if (!shops.has(id)) shops.set(id, { weekly: new Map(), exceptions: new Map() });
    return shops.get(id);
  };
  for (const statement of splitSql(readFileSync(join(root, SHOP_HOURS_FILE), "utf8"))) {
    if (!/INSERT INTO location_hours\s*\(location_id, weekday, opens, closes\)/i.test(statement)) continue;
    for (const [id, weekday, opens, closes] of valuesOf(statement)) {
      const { weekly } = shop(id);
      weekly.set(weekday, [...(weekly.get(weekday) ?? []), [opens, closes]]);
    }
  }
  for (const statement of splitSql(readFileSync(join(root, SHOP_EXCEPTIONS_FILE), "utf8"))) {
    if (!/INSERT INTO location_hours_exceptions\s*\(location_id, date, opens, closes/i.test(statement)) continue;
    for (const [id, date, opens, closes] of valuesOf(statement)) {
      const { exceptions } = shop(id);
      const day = exceptions.get(date) ?? [];
      if (opens !== null && closes !== null) day.push([opens, closes]);
      exceptions.set(date, day);
    }
  }
  return shops;
}

const minutesOf = (hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "YYYY-MM-DD" of a shop's calendar day. */
export function dateKey(year, monthIndex, day) {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

/**
 * The instants a shop is open on one of its calendar days, as [start, end) milliseconds, from the
 * day's one-off hours when it has them, else its weekday's.
 * @param {{ weekly: Map<number, [string, string][]>, exceptions: Map<string, [string, string][]> } | undefined} hours
 */
export function openIntervalsOn(hours, timeZone, year, monthIndex, day) {
  if (!hours) return [];
  const date = dateKey(year, monthIndex, day);
  const weekday = new Date(Date.UTC(year, monthIndex, day)).getUTCDay();
  const intervals = hours.exceptions.get(date) ?? hours.weekly.get(weekday) ?? [];
  const at = (minutes) => new TZDate(year, monthIndex, day, 0, minutes, timeZone).getTime();
  return intervals.map(([opens, closes]) => {
    const start = minutesOf(opens);
    const end = minutesOf(closes) <= start ? minutesOf(closes) + 24 * 60 : minutesOf(closes);
    return [at(start), at(end)];
  });
}

/**
 * The first instant at or after `at` when the shop is open (a refund made at a closed hour waits
 * for the shop to open), or null when it does not open within two weeks.
 */
export function nextOpenInstant(hours, timeZone, at) {
  const local = new TZDate(at, timeZone);
  for (let offset = -1; offset <= 14; offset += 1) {
    const intervals = openIntervalsOn(hours, timeZone, local.getFullYear(), local.getMonth(), local.getDate() + offset);
    for (const [start, end] of intervals.sort((a, b) => a[0] - b[0])) {
      if (end > at) return Math.max(start, at);
    }
  }
  return null;
}
