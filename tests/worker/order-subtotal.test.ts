import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NumbersResponse } from "#common/numbers";
import type { CreateOrderResponse } from "#common/orders";
import { shopDate } from "#common/shop-calendar";
import { parseCsv } from "#tests/shared/csv-reading";
import { api, json } from "./helpers";
import { buildKnownNumbers, type NumbersPeople } from "./numbers-fixtures";
import { PHONE, postOrder } from "./order-requests";
import { createReturningShopper } from "./sign-in";

let people: NumbersPeople;
beforeAll(async () => {
  people = await buildKnownNumbers();
});

// Sunrise Orange medium on sale at $6.49, two of them; Berry Blast small on sale at $5.99 with
// oat milk (50¢) and protein (a boost).
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" },
  {
    productId: "prd-berry-blast",
    size: "small",
    quantity: 1,
    note: "",
    modifierIds: ["opt-milk-oat", "opt-boost-protein"],
  },
];

interface StoredMoney {
  id: string;
  subtotal: number;
  lines: number;
  total: number;
  tip: number;
  fee: number;
}

async function storedMoney(where = "1 = 1"): Promise<StoredMoney[]> {
  const { results } = await env.DB.prepare(
    `SELECT o.id, o.subtotal_cents AS subtotal, o.total_cents AS total, o.tip_cents AS tip, o.delivery_fee_cents AS fee,
       (SELECT sum(i.quantity * i.unit_price_cents) FROM order_items i WHERE i.order_id = o.id) AS lines
     FROM orders o WHERE ${where} ORDER BY o.id`,
  ).all<StoredMoney>();
  return results;
}

async function place(body: Record<string, unknown>): Promise<CreateOrderResponse> {
  const shopper = await createReturningShopper();
  const response = await postOrder(shopper.cookie, { lines: LINES, phone: PHONE, ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<CreateOrderResponse>(response);
}

/** Today's numbers at Anaheim, as the owner reads them: the page's gross sales and each CSV's. */
async function grossSalesToday(): Promise<{ page: number; ordersCsv: number; linesCsv: number }> {
  const today = shopDate(Date.now(), "America/Los_Angeles");
  const query = `from=${today}&to=${today}&location=loc-anaheim`;
  const headers = { Cookie: people.owner.cookie };
  const page = await json<NumbersResponse>(await api(`/api/staff/numbers?${query}`, { headers }));
  const csvGross = async (kind: "orders" | "lines") => {
    const [header, ...rows] = parseCsv(
      await (await api(`/api/staff/numbers/${kind}.csv?${query}`, { headers })).text(),
    );
    const column = header!.indexOf("Gross Sales");
    return Math.round(rows.reduce((sum, row) => sum + Number(row[column]), 0) * 100);
  };
  return { page: page.totals.grossSalesCents, ordersCsv: await csvGross("orders"), linesCsv: await csvGross("lines") };
}

describe("an order's drinks subtotal", () => {
  it("is stored when the order is placed: the sum of its lines with their add-ons, without tip or fee", async () => {
    const { order } = await place({
      fulfilment: "delivery",
      street: "1200 W Lincoln Ave",
      zip: "92805",
      tip: { percent: 15 },
    });
    const [stored] = await storedMoney(`o.id = '${order.id}'`);
    const drinks = order.lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    expect(stored).toMatchObject({ subtotal: drinks, lines: drinks, fee: 399 });
    expect(stored!.tip).toBeGreaterThan(0);
    expect(stored!.total).toBe(drinks + 399 + stored!.tip);
    expect(order.totalCents).toBe(stored!.total);
  });

  it("is what the owner's numbers count as gross sales, whatever else the total holds", async () => {
    const before = await grossSalesToday();
    const { order } = await place({ tip: { percent: 20 } });
    const [stored] = await storedMoney(`o.id = '${order.id}'`);
    const after = await grossSalesToday();
    for (const where of ["page", "ordersCsv", "linesCsv"] as const)
      expect(after[where] - before[where], where).toBe(stored!.subtotal);

    // Money taken off the order's total (as a discount will be) leaves its drinks' gross sales as they were.
    const totalMinus = (cents: number) =>
      env.DB.prepare("UPDATE orders SET total_cents = total_cents - ? WHERE id = ?").bind(cents, order.id).run();
    await totalMinus(100);
    expect(await grossSalesToday()).toEqual(after);
    await totalMinus(-100);
  });
});

describe("migration 0064", () => {
  it("fills each earlier order's subtotal from its lines, equal to its total less tip and delivery fee", async () => {
    await place({ tip: { cents: 125 } });
    await place({ fulfilment: "delivery", street: "1200 W Lincoln Ave", zip: "92805", tip: { percent: 10 } });
    // The known orders have every other shape: deliveries, tips, card refunds, refunds owed, money
    // given back at the counter, cancellations paid and unpaid, checkouts never paid.
    await env.DB.prepare(
      "UPDATE orders SET refunded_cents = 200, partly_refunded_cents = 200, partly_refunded_at = '2026-06-12T18:00:00.000Z' WHERE id = 'num-a1'",
    ).run();
    const placed = await storedMoney();
    expect(placed.length).toBeGreaterThan(10);
    await env.DB.prepare("UPDATE orders SET subtotal_cents = 0").run();

    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.startsWith("0064_"))!;
    const fill = migration.queries.filter((query) => query.includes("UPDATE `orders`"));
    expect(fill).toHaveLength(1);
    await env.DB.batch(fill.map((query) => env.DB.prepare(query)));

    const filled = await storedMoney();
    expect(filled).toEqual(placed);
    for (const order of filled) expect(order.subtotal, order.id).toBe(order.total - order.tip - order.fee);
  });
});
