#!/usr/bin/env node
// `npm run seed:history`: a year of realistic orders for every shop in the local D1 (what the
// Numbers page and `npm run bench` read; see scripts/lib/order-history.mjs). Run again to write
// the same year anew; the orders are those whose id has "-hist-" in it. Stop `npm run dev`
// first, or restart it after.
//
// Orders only inside each shop's own hours (seed/opening-hours.sql and its one-off days), refunds
// while it is open, and none before its opening date (locations.opened_on).
//
//   HISTORY_DAYS=365   days before today      HISTORY_ORDERS_PER_DAY=110   a weekday's orders per shop
//   HISTORY_VERSION=3  refuse to write any other version of the history than this one
import { join } from "node:path";
import { openLocalD1 } from "./lib/local-d1.mjs";
import { writeOrderHistory } from "./lib/order-history.mjs";

const root = new URL("..", import.meta.url).pathname;
const stateDir = process.env.SQUEEZE_STATE_DIR ?? join(root, ".wrangler", "state");
const started = Date.now();
const local = openLocalD1(stateDir);
try {
  console.log("Writing a year of orders into the local D1…");
  const written = await writeOrderHistory(await local.db, {
    days: Number(process.env.HISTORY_DAYS ?? 365),
    ordersPerDay: Number(process.env.HISTORY_ORDERS_PER_DAY ?? 110),
    ...(process.env.HISTORY_VERSION ? { version: Number(process.env.HISTORY_VERSION) } : {}),
    log: console.log,
  });
  console.log(
    `History version ${written.version}: ${written.orders} orders (${written.lines} lines, ${written.options} add-ons, ${written.discounted} with a promo code) for ${written.shops} shop(s), ` +
      `${written.from} to ${written.to}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`Could not write the history: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await local.dispose();
}
