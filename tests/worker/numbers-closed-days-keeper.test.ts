import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NumbersResponse } from "#common/numbers";
import { shopDate, addDays } from "#common/shop-calendar";
import { getDb } from "#worker/db/client";
import worker from "#worker/index";
import {
  DAYS_KEPT_AHEAD,
  DAYS_PER_BATCH,
  DAYS_PER_RUN,
  keepClosedDays,
} from "#worker/services/orders/reports/closed-days-keeper";
import { api, json } from "./helpers";
import { buildKnownNumbers, type NumbersPeople } from "./numbers-fixtures";

// The cron keeps the numbers of closed days before the owner asks
// (worker/services/orders/reports/closed-days-keeper.ts).

let people: NumbersPeople;
const JUNE = "from=2026-06-01&to=2026-06-19&location=loc-anaheim";
/** The evening of June 20th at the shops: the 19th is the newest closed day. */
const now = new Date("2026-06-21T02:00:00.000Z");

beforeAll(async () => {
  people = await buildKnownNumbers();
});
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM numbers_days").run();
});

async function report(query: string): Promise<{ figures: NumbersResponse; reads: string[] }> {
  const response = await api(`/api/staff/numbers?${query}`, { headers: { Cookie: people.owner.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  const timing = response.headers.get("Server-Timing") ?? "";
  return {
    figures: await json<NumbersResponse>(response),
    reads: [...timing.matchAll(/desc="([^":]+):/g)].map((match) => match[1]!),
  };
}

async function keptDays(shop: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT day FROM numbers_days WHERE location_id = ? AND figures IS NOT NULL ORDER BY day",
  )
    .bind(shop)
    .all<{ day: string }>();
  return results.map((row) => row.day);
}

/** Runs the keeper until it has nothing left to keep; answers how many runs kept something. */
async function keepEverything(): Promise<number> {
  let runs = 0;
  while ((await keepClosedDays(getDb(env.DB), { now })).batches > 0) runs += 1;
  return runs;
}

describe("the cron's keeping of closed days", () => {
  it("keeps every shop's yesterday first, then the rest of their last 400 closed days a month a batch, and a changed day again", async () => {
    const shops = (await env.DB.prepare("SELECT id FROM locations ORDER BY id").all<{ id: string }>()).results;
    expect(await keepClosedDays(getDb(env.DB), { now })).toEqual({
      batches: DAYS_PER_RUN / DAYS_PER_BATCH,
      days: DAYS_PER_RUN,
    });
    const keptByShop = await Promise.all(shops.map((shop) => keptDays(shop.id)));
    for (const days of keptByShop) {
      expect(days.at(-1)).toBe("2026-06-19");
      expect(days).toHaveLength(keptByShop[0]!.length);
    }

    expect(1 + (await keepEverything())).toBe(Math.ceil((shops.length * DAYS_KEPT_AHEAD) / DAYS_PER_RUN));
    expect(await keptDays("loc-anaheim")).toHaveLength(DAYS_KEPT_AHEAD);
    expect((await keptDays("loc-anaheim"))[0]).toBe(addDays("2026-06-19", 1 - DAYS_KEPT_AHEAD));
    expect(await keepClosedDays(getDb(env.DB), { now })).toEqual({ batches: 0, days: 0 });

    // The owner's first ask reads the kept days, and they are the orders' figures.
    const kept = await report(JUNE);
    expect(kept.reads).toContain("closed days kept");
    expect(kept.reads).not.toContain("sales by day");
    expect(kept.figures.totals.orders).toBeGreaterThan(0);

    // A day an order of it changed is kept again in the next run, alone.
    await env.DB.prepare("UPDATE orders SET tip_cents = tip_cents + 125 WHERE id = 'num-a2'").run();
    expect(await keptDays("loc-anaheim")).not.toContain("2026-06-10");
    expect(await keepClosedDays(getDb(env.DB), { now })).toEqual({ batches: 1, days: 1 });
    expect(await keptDays("loc-anaheim")).toContain("2026-06-10");
    const keptAgain = await report(JUNE);
    expect(keptAgain.reads).not.toContain("sales by day");
    expect(keptAgain.figures.totals.tipsCents).toBe(kept.figures.totals.tipsCents + 125);

    await env.DB.prepare("DELETE FROM numbers_days").run();
    const fromTheOrders = await report(JUNE);
    expect(fromTheOrders.reads).toContain("sales by day");
    expect(keptAgain.figures).toEqual(fromTheOrders.figures);
    await env.DB.prepare("UPDATE orders SET tip_cents = tip_cents - 125 WHERE id = 'num-a2'").run();
  });

  it("runs from the worker's scheduled handler, and never keeps the shop's day still open", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const today = shopDate(new Date(), "America/Los_Angeles");
    const days = await keptDays("loc-anaheim");
    expect(days.at(-1)).toBe(addDays(today, -1));
    expect(days).not.toContain(today);
  });
});
