// The owner's numbers on a year of orders (`npm run bench`): a fresh local D1 with a year of
// history (scripts/lib/order-history.mjs), the built worker serving it, and the owner asking for
// a day, a month and the year, for every shop and for one, then exporting the year. Prints each
// answer's time (median and worst of its runs) and the rows its queries read (the report's
// Server-Timing), and says so when a month is over 300 ms or a year over 1 s.
import { performance } from "node:perf_hooks";
import { TZDate } from "@date-fns/tz";
import { parse } from "csv-parse/sync";
import { prepareFreshDatabase, startBuiltServer } from "#scripts/serve-built.mjs";
import { runCron } from "./local-cron.mjs";
import { openLocalD1 } from "./local-d1.mjs";
import { signInLocally } from "./local-sign-in.mjs";
import { writeOrderHistory } from "./order-history.mjs";

/** Runs of the cron that keep three shops' last 400 closed days (closed-days-keeper.ts: 372 days a run), and one more. */
const CRON_RUNS = 5;

/** The order history these figures are measured on (scripts/lib/order-history.mjs): another is refused. */
const HISTORY_VERSION = 3;
const LIMITS_MS = { month: 300, year: 1000 };
const RUNS = 5;

function dateIn(timeZone, daysBack, now = Date.now()) {
  const today = new TZDate(now, timeZone);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysBack, 12, 0, timeZone);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** @returns {Promise<{ rows: string[][], problems: string[] }>} */
export async function benchNumbers({ log = console.log, startPort = 5230 } = {}) {
  const problems = [];
  const rows = [];
  const stateDir = prepareFreshDatabase();
  const local = openLocalD1(stateDir);
  let written;
  try {
    const started = performance.now();
    written = await writeOrderHistory(await local.db, { version: HISTORY_VERSION });
    log(
      `Numbers (order history version ${written.version}): ${written.orders} orders (${written.lines} lines) written for ${written.shops} shop(s), ${written.from} to ${written.to}, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await local.dispose();
  }
  const server = await startBuiltServer({ stateDir, startPort });
  try {
    const cookie = await signInLocally(server.origin, {
      provider: "google",
      name: "Olive Owner",
      email: "owner@example.com",
    });
    const zone = "America/Los_Angeles";
    // Right after a deploy nothing is kept: one shop's year is worked out and kept on its first ask
    // (worker/services/orders/reports/closed-days.ts). Then the cron keeps every other shop's closed
    // days (closed-days-keeper.ts), as it does within half an hour of a deploy, and every later ask
    // reads them: the "first ms" column shows each case's first ask after that.
    const ranges = [
      { name: "year", from: dateIn(zone, 365), to: dateIn(zone, 1) },
      { name: "month", from: dateIn(zone, 30), to: dateIn(zone, 1) },
      { name: "day", from: dateIn(zone, 1), to: dateIn(zone, 1) },
    ];
    // Every shop the owner sees, then Anaheim alone.
    const cases = [
      ...ranges.map((range) => ({ ...range, label: range.name, location: "" })),
      ...ranges
        .filter((range) => range.name !== "day")
        .map((range) => ({ ...range, label: `${range.name}, one shop`, location: "&location=loc-anaheim" })),
    ];
    const coldUrl = `${server.origin}/api/staff/numbers?from=${ranges[0].from}&to=${ranges[0].to}&location=loc-anaheim`;
    const coldStarted = performance.now();
    const cold = await fetch(coldUrl, { headers: { Cookie: cookie } });
    await cold.arrayBuffer();
    const coldMs = performance.now() - coldStarted;
    if (cold.status !== 200) problems.push(`numbers year, one shop, nothing kept answered ${cold.status}`);
    rows.push(["GET /api/staff/numbers (year, one shop, nothing kept yet)", "", coldMs.toFixed(0), "", "", ""]);
    const cronTimes = await runCron(server.origin, CRON_RUNS);
    log(`  the cron, ${CRON_RUNS} runs: ${cronTimes.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    /** The year of every shop as the page shows it, reconciled below with orders.csv. */
    let yearTotals;
    for (const range of cases) {
      const url = `${server.origin}/api/staff/numbers?from=${range.from}&to=${range.to}${range.location}`;
      const times = [];
      let rowsRead = "?";
      let orders = 0;
      let breakdown = "";
      const firstStarted = performance.now();
      await fetch(url, { headers: { Cookie: cookie } }).then((response) => response.arrayBuffer());
      const first = performance.now() - firstStarted;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const response = await fetch(url, { headers: { Cookie: cookie } });
        const body = await response.json();
        times.push(performance.now() - started);
        if (response.status !== 200) problems.push(`numbers ${range.label} answered ${response.status}`);
        const timing = response.headers.get("server-timing") ?? "";
        rowsRead = /report;[^,]*desc="(\d+) rows read"/.exec(timing)?.[1] ?? "?";
        breakdown = [...timing.matchAll(/q\d+;dur=([\d.]+);desc="([^"]+)"/g)]
          .map((match) => `${match[2]} in ${Number(match[1]).toFixed(0)} ms`)
          .join("; ");
        orders = body.totals?.orders ?? 0;
        if (range.label === "year") yearTotals = body.totals;
      }
      times.sort((a, b) => a - b);
      log(`  ${range.label}: ${breakdown}`);
      const median = times[Math.floor(times.length / 2)];
      const worst = times[times.length - 1];
      rows.push([
        `GET /api/staff/numbers (${range.label})`,
        String(orders),
        first.toFixed(0),
        median.toFixed(0),
        worst.toFixed(0),
        rowsRead,
      ]);
      const limit = LIMITS_MS[range.name];
      if (limit && median > limit)
        problems.push(`numbers ${range.label}: median ${median.toFixed(0)} ms is over ${limit} ms`);
    }
    for (const kind of ["orders", "lines"]) {
      const year = ranges[0];
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/staff/numbers/${kind}.csv?from=${year.from}&to=${year.to}`, {
        headers: { Cookie: cookie },
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) problems.push(`${kind}.csv answered ${response.status}`);
      if (kind === "orders") problems.push(...reconcile(yearTotals, text, log));
      const records = text.split("\r\n").length - 2;
      rows.push([
        `${kind}.csv (year, ${(text.length / 2 ** 20).toFixed(1)} MB)`,
        String(records),
        ms.toFixed(0),
        ms.toFixed(0),
        ms.toFixed(0),
        // What the export asked of D1 (under the 1,000 queries a Worker invocation may make).
        `${response.headers.get("x-export-queries") ?? "?"} queries`,
      ]);
    }
  } catch (error) {
    problems.push(`numbers bench aborted: ${error instanceof Error ? error.stack : error}`);
  } finally {
    await server.stop();
    server.removeState();
  }
  return { rows, problems };
}

/** The page's totals and orders.csv's columns: they must agree to the cent. */
const RECONCILED = [
  ["Gross Sales", (totals) => totals.grossSalesCents],
  ["Discounts", (totals) => totals.discountsCents],
  ["Promo Code Discounts", (totals) => totals.discountParts?.promo],
  ["Loyalty Discounts", (totals) => totals.discountParts?.loyalty],
  ["Refunds", (totals) => totals.refundsCents],
  ["Net Sales", (totals) => totals.netSalesCents],
  ["Tips", (totals) => totals.tipsCents],
  ["Delivery Fees", (totals) => totals.deliveryFeesCents],
  ["Total Collected", (totals) => totals.totalCollectedCents],
];

function reconcile(totals, text, log) {
  if (!totals) return ["the year's totals were not read, so orders.csv was not reconciled"];
  const [header, ...records] = parse(text, { relax_column_count: true });
  const problems = [];
  const sums = RECONCILED.map(([column, ofTotals]) => {
    const index = header.indexOf(column);
    const cents = records.reduce((sum, record) => sum + Math.round(Number(record[index]) * 100), 0);
    if (cents !== ofTotals(totals))
      problems.push(`orders.csv's ${column} is ${cents} cents, the page's ${ofTotals(totals)}`);
    return `${column} ${(cents / 100).toFixed(2)}`;
  });
  log(
    `  orders.csv and the year's totals${problems.length ? " do NOT agree" : " agree to the cent"}: ${sums.join(", ")}`,
  );
  return problems;
}

/** The figures as a table. */
export function numbersTable(rows) {
  const header = ["numbers case", "orders/rows", "first ms", "median ms", "worst ms", "rows read"];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index].length)));
  const line = (values) => `| ${values.map((value, index) => value.padEnd(widths[index])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
