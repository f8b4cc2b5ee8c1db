// `npm run bench -- --against <commit>`: this tree and another commit, each built and served by
// its own scripts/serve-built.mjs on a D1 migrated by its own migrations and holding the same
// pinned year of orders (scripts/lib/order-history.mjs, ORDER_HISTORY_VERSION, written by this
// tree's generator into both), measured in turns by this tree's bench code: BENCH_RUNS rounds
// (default 5), this side first in even rounds and the other first in odd ones. Each round on each
// side: shoppers place orders at the default shop, the owner asks for a month's and a year's
// numbers, and (BENCH_AGAINST_CASES) the live board fans orders out to one shop's boards, alone
// ("board") and with two other shops' boards busy at once ("board-busy"; a commit from before
// several shops has one shop, and its "board" figures are what "board busy" is held to).
// Medians of the rounds and every round are printed; the limits are ratios to the other commit
// (BENCH_AGAINST_LIMITS), so a loaded machine weighs on both sides alike. Returns the exit code.
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import autocannon from "autocannon";
import { hasBuild, median, prepareOtherSide, serveModuleOf, sidesInTurn, table, thisSide } from "./against.mjs";
import { benchBoardArrival, quantile } from "./board-bench.mjs";
import { runCron } from "./local-cron.mjs";
import { openLocalD1 } from "./local-d1.mjs";
import { signInLocally } from "./local-sign-in.mjs";
import { workerdOrigin } from "./workerd-origin.mjs";
import { ORDER_HISTORY_VERSION, writeOrderHistory } from "./order-history.mjs";
import { printOrderStatements } from "./order-statements.mjs";

const ORDER = {
  lines: [
    { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "Less ice" },
    { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
  ],
  phone: "+1 714 555 0100",
};
/** Orders per shopper: under the 5 in 10 minutes an account may place (common/order-limits.ts). */
const ORDERS_PER_SHOPPER = 3;
/** Runs of the cron after the first numbers ask: enough to keep three shops' last 400 closed days. */
const CRON_RUNS = 5;
const ZONE = "America/Los_Angeles";

/**
 * Each measure, whether lower is better, and its default limit: this side's median at most
 * limit × the other's (lower is better), or at least the other's ÷ limit (higher is better).
 */
const MEASURES = {
  "orders req/s": { lowerIsBetter: false, limit: 1.1 },
  "orders p99 ms": { lowerIsBetter: true, limit: 1.1 },
  "numbers month ms": { lowerIsBetter: true, limit: 1.1 },
  "numbers year ms": { lowerIsBetter: true, limit: 1.1 },
  "numbers year first ms": { lowerIsBetter: true, limit: 1.1 },
  // Nothing kept yet (the first half hour after the first deploy): works out and keeps a year of days
  // (docs/decisions/0055-the-numbers-of-closed-days.md), about 2.5× a commit that keeps nothing.
  "numbers year one shop first ms": { lowerIsBetter: true, limit: 3 },
  "numbers year one shop ms": { lowerIsBetter: true, limit: 1.1 },
  "numbers month one shop ms": { lowerIsBetter: true, limit: 1.1 },
  "board p50 ms": { lowerIsBetter: true, limit: 1.1 },
  "board p99 ms": { lowerIsBetter: true, limit: 1.1 },
  "board busy p50 ms": { lowerIsBetter: true, limit: 1.1 },
  "board busy p99 ms": { lowerIsBetter: true, limit: 1.1 },
};

/** The shops whose boards are open: the one shop alone, or with two other shops busy at once. */
const BOARD_SHOP = { locationId: "loc-anaheim", baristaEmail: "barista@example.com" };
const busyShops = (otherBoards) => [
  BOARD_SHOP,
  { locationId: "loc-fullerton", baristaEmail: "barista.fullerton@example.com", boards: otherBoards },
  { locationId: "loc-scottsdale", baristaEmail: "barista.scottsdale@example.com", boards: otherBoards },
];

/** "board p99 ms=0.3,numbers year ms=0.5" → overrides of the default limits. */
function limitsFrom(text = "") {
  const limits = Object.fromEntries(Object.entries(MEASURES).map(([name, measure]) => [name, measure.limit]));
  for (const part of text.split(",").filter(Boolean)) {
    const [name, value] = part.split("=");
    if (!(name.trim() in MEASURES) || !Number.isFinite(Number(value)))
      throw new Error(`BENCH_AGAINST_LIMITS: unknown "${part}" (measures: ${Object.keys(MEASURES).join(", ")})`);
    limits[name.trim()] = Number(value);
  }
  return limits;
}

function dateIn(daysBack) {
  const today = new TZDate(Date.now(), ZONE);
  const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysBack, 12, 0, ZONE);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** A side's D1: its own migrations and seed, then the pinned year of orders (when its schema takes them). */
async function prepareHistory(side) {
  const stateDir = side.serve.prepareFreshDatabase();
  const local = openLocalD1(stateDir);
  try {
    // Without the shops' opening dates, which an older schema lacks: both sides hold the same orders.
    const written = await writeOrderHistory(await local.db, { version: ORDER_HISTORY_VERSION, openingDates: false });
    console.log(`[against] ${side.label}: ${written.orders} orders of history (version ${written.version}) written`);
    return { stateDir, history: true };
  } catch (error) {
    console.log(`[against] ${side.label}: no history (${error instanceof Error ? error.message : error})`);
    return { stateDir, history: false };
  } finally {
    await local.dispose();
  }
}

async function placeOrders(side, round, count, connections) {
  const origin = side.server.origin;
  const shoppers = [];
  for (let index = 0; index < Math.ceil(count / ORDERS_PER_SHOPPER); index += 1) {
    shoppers.push(
      await signInLocally(origin, {
        provider: "google",
        name: `Bench Shopper ${round}-${index}`,
        email: `bench-${round}-${index}-${randomUUID().slice(0, 8)}@example.com`,
        clientAddress: `10.210.${round}.${index + 1}`,
      }),
    );
  }
  let sent = 0;
  const body = JSON.stringify(ORDER);
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        connections,
        timeout: 10,
        amount: count,
        requests: [
          {
            method: "POST",
            path: "/api/orders",
            setupRequest: (request) => ({
              ...request,
              body,
              headers: {
                "Content-Type": "application/json",
                Origin: origin,
                Cookie: shoppers[sent++ % shoppers.length],
                "Idempotency-Key": `bench-${randomUUID()}`,
              },
            }),
          },
        ],
      },
      (error, answer) => (error ? reject(error) : resolve(answer)),
    ),
  );
  const created = Number(result.statusCodeStats?.["201"]?.count ?? 0);
  return {
    figures: { "orders req/s": result.requests.average, "orders p99 ms": result.latency.p99 },
    problem: created === count ? undefined : `${side.label}: ${count - created} of ${count} orders not created`,
  };
}

async function askNumbers(side) {
  const cookie = (side.ownerCookie ??= await signInLocally(side.server.origin, {
    provider: "google",
    name: "Olive Owner",
    email: "owner@example.com",
  }));
  const figures = {};
  if (!side.askedNumbers) {
    // Right after a deploy nothing is kept: the first ask of a shop's year works out every day (and a
    // commit that keeps closed days keeps them, worker/services/orders/reports/closed-days.ts). Then
    // the cron runs as it would in the half hour after a deploy (a commit with closed-days-keeper.ts
    // keeps the other shops' days then), and the all-shops year's first ask is told apart.
    const started = performance.now();
    const response = await fetch(
      `${side.server.origin}/api/staff/numbers?from=${dateIn(365)}&to=${dateIn(1)}&location=loc-anaheim`,
      { headers: { Cookie: cookie } },
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`numbers year one shop first: answered ${response.status}`);
    figures["numbers year one shop first ms"] = performance.now() - started;
    await runCron(side.server.origin, CRON_RUNS);
  }
  for (const [name, daysBack, shop] of [
    ["numbers year ms", 365, ""],
    ["numbers month ms", 30, ""],
    ["numbers year one shop ms", 365, "&location=loc-anaheim"],
    ["numbers month one shop ms", 30, "&location=loc-anaheim"],
  ]) {
    const url = `${side.server.origin}/api/staff/numbers?from=${dateIn(daysBack)}&to=${dateIn(1)}${shop}`;
    const times = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name}: answered ${response.status}`);
      times.push(performance.now() - started);
    }
    if (!side.askedNumbers) figures["numbers year first ms"] = times[0];
    side.askedNumbers = true;
    figures[name] = median(times);
  }
  return figures;
}

/** Whether a side serves every one of these shops (a commit from before several shops serves one). */
async function servesShops(side, shops) {
  const response = await fetch(`${side.server.origin}/api/locations`);
  if (response.status !== 200) return false;
  const { locations } = await response.json();
  return shops.every((shop) => locations.some((location) => location.id === shop.locationId));
}

/** The first shop's orders to all its boards; `prefix` names the figures ("board" or "board busy"). */
async function fanOut(side, { boards, orders, shops, prefix }) {
  // Straight to workerd, as for `npm run bench` (scripts/lib/workerd-origin.mjs), on both sides alike.
  side.boardOrigin ??=
    process.env.BENCH_BOARD_THROUGH_PREVIEW === "1"
      ? side.server.origin
      : ((await workerdOrigin(side.server)) ?? side.server.origin);
  const live = await benchBoardArrival({ origin: side.boardOrigin, boards, orders, shops });
  const [shop] = live.shops;
  const lost = live.shops.reduce((sum, each) => sum + each.orders - each.allBoards.length, 0);
  const problems = [
    ...(lost > 0 ? [`${lost} ${prefix} orders did not reach every board of their shop`] : []),
    ...(live.foreign > 0 ? [`${live.foreign} ${prefix} arrivals on another shop's board`] : []),
  ];
  return {
    figures: {
      [`${prefix} p50 ms`]: quantile(shop.allBoards, 0.5),
      [`${prefix} p99 ms`]: quantile(shop.allBoards, 0.99),
    },
    problem: problems.length > 0 ? `${side.label}: ${problems.join("; ")}` : undefined,
  };
}

export async function compareBench(commit) {
  const rounds = Number(process.env.BENCH_RUNS ?? 5);
  const orderCount = Number(process.env.BENCH_ORDERS ?? 150);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const boards = Number(process.env.BENCH_BOARDS ?? 200);
  const boardOrders = Number(process.env.BENCH_BOARD_ORDERS ?? 300);
  const otherShopBoards = Number(process.env.BENCH_OTHER_SHOP_BOARDS ?? 50);
  const cases = new Set(
    (process.env.BENCH_AGAINST_CASES ?? "orders,numbers,board,board-busy").split(",").map((c) => c.trim()),
  );
  const limits = limitsFrom(process.env.BENCH_AGAINST_LIMITS);
  const startPort = Number(process.env.BENCH_PORT ?? 5210);

  const sides = [thisSide(), prepareOtherSide(commit)];
  for (const side of sides) {
    side.serve = await serveModuleOf(side);
    const build =
      side === sides[0]
        ? process.env.BENCH_SKIP_BUILD !== "1"
        : !hasBuild(side) || process.env.BENCH_AGAINST_REBUILD === "1";
    if (build) {
      console.log(`[against] building ${side.label} in ${side.dir}`);
      side.serve.buildApp();
    }
  }

  /** runs[side label][measure] = one value per round */
  const runs = Object.fromEntries(sides.map((side) => [side.label, {}]));
  const problems = [];
  const keep = (side, figures) => {
    for (const [name, value] of Object.entries(figures)) (runs[side.label][name] ??= []).push(value);
  };
  try {
    let port = startPort;
    for (const side of sides) {
      const { stateDir, history } = cases.has("numbers") ? await prepareHistory(side) : { history: false };
      side.history = history;
      side.server = await side.serve.startBuiltServer({ startPort: port, stateDir });
      port = side.server.port + 1;
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const side of sidesInTurn(round, sides)) {
        const measured = [];
        const attempt = async (name, measure) => {
          try {
            const { figures, problem } = await measure();
            keep(side, figures);
            if (problem) problems.push(problem);
            measured.push(
              ...Object.entries(figures).map(
                ([key, value]) => `${key.replace(/ ms$| req\/s$/, "")} ${Math.round(value)}`,
              ),
            );
          } catch (error) {
            problems.push(
              `${side.label} ${name}, round ${round + 1}: ${error instanceof Error ? error.message : error}`,
            );
          }
        };
        if (cases.has("orders")) await attempt("orders", () => placeOrders(side, round, orderCount, connections));
        if (cases.has("numbers") && side.history)
          await attempt("numbers", async () => ({ figures: await askNumbers(side) }));
        if (cases.has("board"))
          await attempt("board", () =>
            fanOut(side, { boards, orders: boardOrders, shops: [BOARD_SHOP], prefix: "board" }),
          );
        if (cases.has("board-busy") && (side.severalShops ??= await servesShops(side, busyShops(0))))
          await attempt("board-busy", () =>
            fanOut(side, { boards, orders: boardOrders, shops: busyShops(otherShopBoards), prefix: "board busy" }),
          );
        console.log(`  round ${round + 1}, ${side.label}: ${measured.join(", ")}`);
      }
    }
  } finally {
    for (const side of sides) {
      await side.server?.stop();
      side.server?.removeState();
    }
  }

  const [ours, theirs] = sides;
  const rows = [];
  for (const [name, measure] of Object.entries(MEASURES)) {
    const mine = runs[ours.label][name] ?? [];
    // A commit from before several shops has no three-shop case: its one shop alone is the reference.
    const other =
      runs[theirs.label][name] ??
      (name.startsWith("board busy") ? runs[theirs.label][name.replace("board busy", "board")] : undefined) ??
      [];
    if (mine.length === 0 && other.length === 0) continue;
    const [a, b] = [median(mine), median(other)];
    const ratio = a / b;
    const limit = limits[name];
    // Under a millisecond apart is the clock's grain, not a difference (the board's p50 is about 1 ms).
    const within =
      !Number.isFinite(ratio) || (measure.lowerIsBetter ? ratio <= limit || a - b < 1 : ratio >= 1 / limit);
    if (!within)
      problems.push(
        `${name}: ${Math.round(a)} is ${ratio.toFixed(2)} × ${theirs.label}'s ${Math.round(b)} (limit ${measure.lowerIsBetter ? "≤" : "≥"} ${(measure.lowerIsBetter ? limit : 1 / limit).toFixed(2)})`,
      );
    rows.push([
      name,
      Number.isFinite(a) ? Math.round(a) : "-",
      Number.isFinite(b) ? Math.round(b) : "-",
      Number.isFinite(ratio) ? ratio.toFixed(2) : "-",
      mine.map(Math.round).join("/"),
      other.map(Math.round).join("/"),
    ]);
  }
  console.log(
    `\nBench, ${rounds} rounds in turns, ${ours.label} against ${theirs.label}, ${new Date().toISOString()} (${orderCount} orders a round at the default shop, ${connections} connections; ${boards} boards with a session each, ${boardOrders} orders):\n`,
  );
  console.log(
    table(["measure", ours.label, theirs.label, "ratio", `${ours.label} runs`, `${theirs.label} runs`], rows),
  );
  printOrderStatements(ours, problems);
  if (problems.length > 0) {
    console.error(`\nAgainst ${theirs.label}:\n  - ${problems.join("\n  - ")}`);
    return 1;
  }
  console.log(`\nWithin every limit against ${theirs.label}.`);
  return 0;
}
