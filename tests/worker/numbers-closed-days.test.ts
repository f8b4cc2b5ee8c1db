import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NumbersResponse } from "#common/numbers";
import { getDb } from "#worker/db/client";
import { loadNumbers } from "#worker/services/orders/reports";
import { stretchesToWork } from "#worker/services/orders/reports/closed-days";
import { api, json } from "./helpers";
import { buildKnownNumbers, insertOrder, type NumbersPeople } from "./numbers-fixtures";

// The numbers of a shop's closed days are kept (worker/services/orders/reports/closed-days.ts):
// a range reads them instead of every order again, and any change to an order of a kept day
// shows at once.

let people: NumbersPeople;
const APRIL = "from=2026-04-01&to=2026-04-03&location=loc-anaheim";

const sunrise = (quantity: number) => ({ name: "Sunrise Orange", size: "medium", quantity, unitPriceCents: 649 });

beforeAll(async () => {
  people = await buildKnownNumbers();
  for (const [id, createdAt, state] of [
    ["aaaa0401-0000-4000-8000-000000000001", "2026-04-01T17:00:00.000Z", "paid_at_counter"],
    ["aaaa0402-0000-4000-8000-000000000002", "2026-04-02T18:30:00.000Z", "paid"],
    ["aaaa0402-0000-4000-8000-000000000003", "2026-04-02T23:10:00.000Z", "not_collected"],
    ["aaaa0403-0000-4000-8000-000000000004", "2026-04-04T06:30:00.000Z", "paid_at_counter"],
  ] as const) {
    await insertOrder(people.shopper.userId, {
      id,
      createdAt,
      status: "completed",
      paymentMode: state === "paid" ? "stripe" : "pay_on_pickup",
      paymentState: state,
      lines: [sunrise(2), { ...sunrise(1), size: "large", unitPriceCents: 849 }],
    });
  }
});

/** D1 as the report sees it, counting its round trips: a batch, or one statement run alone. */
function countingD1(): { db: D1Database; roundTrips: () => number } {
  let roundTrips = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") return (...params: unknown[]) => counted(target.bind(...params));
        if (["all", "first", "run", "raw"].includes(String(property)))
          return (...args: unknown[]) => {
            roundTrips += 1;
            return (value as (...values: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...values: unknown[]) => unknown).bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          roundTrips += 1;
          return target.batch(statements.map((statement) => real.get(statement) ?? statement));
        };
      if (property === "prepare") return (query: string) => counted(target.prepare(query));
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...values: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, roundTrips: () => roundTrips };
}

async function report(query: string): Promise<{ figures: NumbersResponse; reads: string[] }> {
  const response = await api(`/api/staff/numbers?${query}`, { headers: { Cookie: people.owner.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  const timing = response.headers.get("Server-Timing") ?? "";
  const reads = [...timing.matchAll(/desc="([^":]+):/g)].map((match) => match[1]!);
  return { figures: await json<NumbersResponse>(response), reads };
}

/** The figures worked out from every order again, with nothing kept. */
async function fromTheOrders(query: string): Promise<NumbersResponse> {
  await env.DB.prepare("DELETE FROM numbers_days").run();
  const { figures } = await report(query);
  await env.DB.prepare("DELETE FROM numbers_days").run();
  return figures;
}

describe("the numbers of closed days", () => {
  it("are kept once worked out, and a range of kept days reads them instead of the orders, to the same cent", async () => {
    await env.DB.prepare("DELETE FROM numbers_days").run();
    const first = await report(APRIL);
    expect(first.reads).toEqual(expect.arrayContaining(["sales by day", "what sold (sales)", "closed days stored"]));
    const kept = await env.DB.prepare(
      "SELECT day, figures IS NOT NULL AS kept FROM numbers_days WHERE location_id = 'loc-anaheim' ORDER BY day",
    ).all<{ day: string; kept: number }>();
    expect(kept.results).toEqual([
      { day: "2026-04-01", kept: 1 },
      { day: "2026-04-02", kept: 1 },
      { day: "2026-04-03", kept: 1 },
    ]);

    const again = await report(APRIL);
    expect(again.reads).toContain("closed days kept");
    expect(again.reads).not.toContain("sales by day");
    expect(again.reads).not.toContain("what sold (sales)");
    expect(again.figures).toEqual(first.figures);
    expect(again.figures.totals).toMatchObject({ orders: 4, grossSalesCents: 4 * (2 * 649 + 849) });
    expect(again.figures.byDay.map((day) => [day.date, day.orders])).toEqual([
      ["2026-04-01", 1],
      ["2026-04-02", 2],
      ["2026-04-03", 1],
    ]);
    expect(again.figures.items.map((item) => [item.size, item.quantity])).toEqual([
      ["medium", 8],
      ["large", 4],
    ]);
  });

  it("show a change to an order of a kept day at once: a late collection, a new order, a cancellation", async () => {
    await report(APRIL);
    await env.DB.prepare("UPDATE orders SET payment_state = 'paid_at_counter' WHERE id = ?")
      .bind("aaaa0402-0000-4000-8000-000000000003")
      .run();
    await insertOrder(people.shopper.userId, {
      id: "aaaa0401-0000-4000-8000-000000000005",
      createdAt: "2026-04-01T20:00:00.000Z",
      status: "completed",
      paymentMode: "pay_on_pickup",
      paymentState: "paid_at_counter",
      lines: [sunrise(4)],
    });
    await env.DB.prepare("UPDATE orders SET status = 'cancelled', payment_state = 'not_required' WHERE id = ?")
      .bind("aaaa0403-0000-4000-8000-000000000004")
      .run();

    const after = await report(APRIL);
    expect(after.figures.byDay.map((day) => [day.date, day.orders])).toEqual([
      ["2026-04-01", 2],
      ["2026-04-02", 2],
      ["2026-04-03", 0],
    ]);
    expect(after.figures.apart.notCollected.orders).toBe(0);
    expect(after.figures.apart.cancelled.orders).toBe(1);
    expect(after.figures.items.find((item) => item.size === "medium")?.quantity).toBe(10);
    expect(after.figures).toEqual(await fromTheOrders(APRIL));
  });

  it("show stamps taken back and discounts written on an order of a kept day at once", async () => {
    const order = "aaaa0402-0000-4000-8000-000000000002";
    await env.DB.prepare("INSERT INTO stamp_ledger (user_id, order_id, kind, stamps) VALUES (?, ?, 'earned', 3)")
      .bind(people.shopper.userId, order)
      .run();
    const kept = await report(APRIL);
    expect((await report(APRIL)).reads).not.toContain("sales by day");
    // A Recall's row alone, without touching the order.
    await env.DB.prepare("INSERT INTO stamp_ledger (user_id, order_id, kind, stamps) VALUES (?, ?, 'taken_back', -3)")
      .bind(people.shopper.userId, order)
      .run();
    const after = await report(APRIL);
    expect(after.reads).toContain("sales by day");
    expect(after.figures.stampCard.earned).toBe(kept.figures.stampCard.earned - 3);
    expect(after.figures).toEqual(await fromTheOrders(APRIL));

    await report(APRIL);
    await env.DB.prepare(
      "INSERT INTO order_discounts (order_id, position, kind, name, amount_cents) VALUES (?, 9, 'promo', 'LATE', 1)",
    )
      .bind(order)
      .run();
    const stale = await env.DB.prepare(
      "SELECT figures IS NULL AS stale FROM numbers_days WHERE location_id = 'loc-anaheim' AND day = '2026-04-02'",
    ).first<{ stale: number }>();
    expect(stale?.stale).toBe(1);
    await env.DB.prepare("DELETE FROM order_discounts WHERE order_id = ? AND position = 9").bind(order).run();
    await env.DB.prepare("DELETE FROM stamp_ledger WHERE order_id = ?").bind(order).run();
  });

  it("read again only the days that went stale, not every day since the first of them", async () => {
    await report(APRIL);
    // A tip added to the 1st's sale and a new order on the 3rd: the 2nd stays kept between them.
    await env.DB.prepare("UPDATE orders SET tip_cents = 150 WHERE id = ?")
      .bind("aaaa0401-0000-4000-8000-000000000001")
      .run();
    await insertOrder(people.shopper.userId, {
      id: "aaaa0403-0000-4000-8000-000000000006",
      createdAt: "2026-04-03T19:00:00.000Z",
      status: "completed",
      paymentMode: "pay_on_pickup",
      paymentState: "paid_at_counter",
      lines: [sunrise(1)],
    });
    const after = await report(APRIL);
    expect(after.reads.filter((name) => name === "sales by day")).toHaveLength(2);
    expect(after.figures.totals.tipsCents).toBe(150);
    expect(after.figures.byDay.map((day) => [day.date, day.orders])).toEqual([
      ["2026-04-01", 2],
      ["2026-04-02", 2],
      ["2026-04-03", 1],
    ]);
    expect(after.figures).toEqual(await fromTheOrders(APRIL));
  });

  it("are read again in a few stretches however many days went stale", () => {
    expect(stretchesToWork(["2026-04-01", "2026-04-02", "2026-04-04", "2026-04-30"])).toEqual([
      { from: "2026-04-01", to: "2026-04-02" },
      { from: "2026-04-04", to: "2026-04-04" },
      { from: "2026-04-30", to: "2026-04-30" },
    ]);
    const everyOtherDay = Array.from({ length: 10 }, (_, index) => `2026-05-${String(1 + index * 2).padStart(2, "0")}`);
    const stretches = stretchesToWork(everyOtherDay);
    expect(stretches).toHaveLength(6);
    expect(stretches.at(-1)).toEqual({ from: "2026-05-11", to: "2026-05-19" });
  });

  it("answer every shop's range in one round trip to D1 once its closed days are kept, the open day included", async () => {
    await env.DB.prepare("DELETE FROM numbers_days").run();
    const shops = [
      { id: "loc-anaheim", name: "Squeeze Anaheim", timeZone: "America/Los_Angeles" },
      { id: "loc-fullerton", name: "Squeeze Fullerton", timeZone: "America/Los_Angeles" },
      { id: "loc-scottsdale", name: "Squeeze Scottsdale", timeZone: "America/Phoenix" },
    ];
    // The afternoon of April 3rd: the 1st and 2nd have ended, the 3rd is still open.
    const now = new Date("2026-04-03T21:00:00.000Z");
    const ask = async () => {
      const d1 = countingD1();
      const figures = await loadNumbers(getDb(d1.db), shops, "2026-04-01", "2026-04-03", {
        now,
        withOutstanding: true,
      });
      return { figures, roundTrips: d1.roundTrips() };
    };
    const first = await ask();
    // Read, then the closed days worked out and claimed, then kept.
    expect(first.roundTrips).toBe(3);
    expect(first.figures.totals.orders).toBeGreaterThan(0);
    const again = await ask();
    expect(again.roundTrips).toBe(1);
    expect(again.figures).toEqual(first.figures);
    const kept = await env.DB.prepare("SELECT count(*) AS days FROM numbers_days WHERE figures IS NOT NULL").first<{
      days: number;
    }>();
    expect(kept?.days).toBe(6);

    // A change to a kept day reads that shop's range again.
    await env.DB.prepare("UPDATE orders SET tip_cents = tip_cents + 75 WHERE id = ?")
      .bind("aaaa0402-0000-4000-8000-000000000002")
      .run();
    const changed = await ask();
    expect(changed.roundTrips).toBe(3);
    expect(changed.figures.totals.tipsCents).toBe(first.figures.totals.tipsCents + 75);
    expect((await ask()).roundTrips).toBe(1);
    await env.DB.prepare("UPDATE orders SET tip_cents = tip_cents - 75 WHERE id = ?")
      .bind("aaaa0402-0000-4000-8000-000000000002")
      .run();
  });

  it("are not kept when an order of the day changes between their reading and their keeping", async () => {
    await env.DB.prepare("DELETE FROM numbers_days").run();
    let batches = 0;
    const racing = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            const results = await target.batch(statements);
            // The second batch worked out the days; the change lands before they are kept.
            if (++batches === 2) {
              await env.DB.prepare("UPDATE orders SET tip_cents = 300 WHERE id = ?")
                .bind("aaaa0401-0000-4000-8000-000000000001")
                .run();
            }
            return results;
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await loadNumbers(
      getDb(racing),
      [{ id: "loc-anaheim", name: "Squeeze Anaheim", timeZone: "America/Los_Angeles" }],
      "2026-04-01",
      "2026-04-03",
    );
    const kept = await env.DB.prepare(
      "SELECT day, figures IS NOT NULL AS kept FROM numbers_days WHERE location_id = 'loc-anaheim' ORDER BY day",
    ).all<{ day: string; kept: number }>();
    expect(kept.results).toEqual([
      { day: "2026-04-01", kept: 0 },
      { day: "2026-04-02", kept: 1 },
      { day: "2026-04-03", kept: 1 },
    ]);
    const { figures } = await report(APRIL);
    expect(figures.totals.tipsCents).toBe(300);
  });

  it("follow the shop's clock: days kept for another time zone are worked out again", async () => {
    await report(APRIL);
    await env.DB.prepare("UPDATE locations SET time_zone = 'America/New_York' WHERE id = 'loc-anaheim'").run();
    const eastern = await report(APRIL);
    expect(eastern.reads).toContain("sales by day");
    expect(eastern.figures).toEqual(await fromTheOrders(APRIL));
    await env.DB.prepare("UPDATE locations SET time_zone = 'America/Los_Angeles' WHERE id = 'loc-anaheim'").run();
  });
});
