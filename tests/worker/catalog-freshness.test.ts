import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "#common/catalog";
import { CATALOG_STALENESS_BOUND_SECONDS } from "#worker/services/catalog-cache";
import { CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";
import { api, json } from "./helpers";
import { seedStatements } from "./seed-sql";

const SMOOTHIES = "/api/categories/cat-smoothies/products";

async function drinkNames(): Promise<string[]> {
  const response = await api(SMOOTHIES);
  expect(response.status).toBe(200);
  return (await json<Product[]>(response)).map((drink) => drink.name);
}

/** The worker's clock, moved on without waiting; only ever forward, across tests too. */
let clock = Date.now();
function advanceClock(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the catalog's edge cache follows the menu's version in D1", () => {
  it("keeps serving the cached menu right after an edit, and the edited one once the version is re-read", async () => {
    expect(await drinkNames()).toContain("Berry Blast");

    await env.DB.prepare("UPDATE products SET name = 'Berry Blast Royale' WHERE id = 'prd-berry-blast'").run();
    // Still within the isolate's version TTL: the edge answers from its cache, D1 is not read.
    expect(await drinkNames()).toContain("Berry Blast");

    advanceClock(CATALOG_VERSION_TTL_MS + 1);
    expect(await drinkNames()).toContain("Berry Blast Royale");
  });

  it("picks up a re-applied seed/menu.sql without a purge", async () => {
    await env.DB.prepare("UPDATE products SET name = 'Mango Mistake' WHERE id = 'prd-mango-tango'").run();
    advanceClock(CATALOG_VERSION_TTL_MS + 1);
    expect(await drinkNames()).toContain("Mango Mistake");

    await env.DB.batch(seedStatements(env.TEST_SEED_SQL).map((statement) => env.DB.prepare(statement)));
    advanceClock(CATALOG_VERSION_TTL_MS + 1);
    const names = await drinkNames();
    expect(names).toContain("Mango Tango");
    expect(names).not.toContain("Mango Mistake");
  });

  it("lets browsers keep a copy only as long as the 60-second promise allows", async () => {
    const response = await api("/api/categories");
    const cacheControl = response.headers.get("cache-control") ?? "";
    const browserMaxAge = Number(/(?:^|[ ,])max-age=(\d+)/.exec(cacheControl)?.[1]);
    expect(cacheControl).not.toMatch(/stale-while-revalidate/);
    expect(CATALOG_VERSION_TTL_MS / 1000 + browserMaxAge).toBe(CATALOG_STALENESS_BOUND_SECONDS);
    expect(CATALOG_STALENESS_BOUND_SECONDS).toBeLessThanOrEqual(60);
  });

  it("bumps the version on every kind of change to the menu's tables", async () => {
    const version = async () =>
      (await env.DB.prepare("SELECT version FROM catalog_version WHERE id = 1").first<{ version: number }>())!.version;
    const before = await version();
    await env.DB.prepare(
      "UPDATE product_prices SET price_cents = price_cents + 1 WHERE product_id = 'prd-ginger-shot'",
    ).run();
    const afterPrice = await version();
    await env.DB.prepare("UPDATE categories SET is_hidden = 1 WHERE id = 'cat-bubble-tea'").run();
    const afterCategory = await version();
    await env.DB.prepare("DELETE FROM settings WHERE id = 'no-such-record'").run();
    expect(afterPrice).toBeGreaterThan(before);
    expect(afterCategory).toBeGreaterThan(afterPrice);
    expect(await version()).toBe(afterCategory); // a statement that changed no row changes nothing
  });
});
