import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import type { NumbersResponse } from "#common/numbers";
import { parseCsv } from "#tests/shared/csv-reading";
import { api, json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { createReturningShopper, createSignedInUser, type SignedInUser } from "./sign-in";

// Sunrise Orange medium twice, Berry Blast small with oat milk and protein, Charcoal Lemonade once.
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" },
  {
    productId: "prd-berry-blast",
    size: "small",
    quantity: 1,
    note: "",
    modifierIds: ["opt-milk-oat", "opt-boost-protein"],
  },
  { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" },
];

/** Anaheim's July 15 (Pacific daylight time, UTC−7): the day the coded orders are moved to. */
const DAY = "2026-07-15";
const at = (clock: string) => new Date(`${DAY}T${clock}:00.000-07:00`).toISOString();

interface Placed {
  id: string;
  subtotal: number;
  discount: number;
  total: number;
}

let owner: SignedInUser;
let location: string;
const orders: Record<string, Placed> = {};

/**
 * Places an order through POST /api/orders, with a code or none, then moves it to the day at a
 * clock time and writes how it ended (the reports only read orders as they stand).
 */
async function place(
  name: string,
  shopper: SignedInUser,
  promoCode: string | undefined,
  clock: string,
  ending: Record<string, string | number>,
): Promise<void> {
  const response = await postOrder(shopper.cookie, { lines: LINES, phone: PHONE, ...(promoCode ? { promoCode } : {}) });
  expect(response.status, await response.clone().text()).toBe(201);
  const { order } = await json<CreateOrderResponse>(response);
  const columns = { created_at: at(clock), updated_at: at(clock), ...ending };
  await env.DB.prepare(
    `UPDATE orders SET ${Object.keys(columns)
      .map((column) => `${column} = ?`)
      .join(", ")} WHERE id = ?`,
  )
    .bind(...Object.values(columns), order.id)
    .run();
  const stored = await env.DB.prepare(
    "SELECT id, subtotal_cents AS subtotal, discount_cents AS discount, total_cents AS total, location_id AS location FROM orders WHERE id = ?",
  )
    .bind(order.id)
    .first<Placed & { location: string }>();
  location = stored!.location;
  orders[name] = stored!;
}

const PAID_AT_COUNTER = { status: "completed", payment_state: "paid_at_counter" };

beforeAll(async () => {
  owner = await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" });
  await env.DB.prepare(
    "INSERT INTO promo_codes (code, kind, amount, min_subtotal_cents, max_uses) VALUES ('FIVEUSES', 'amount', 150, 0, 5)",
  ).run();
  // 09:10: 10% off a new account's first order, paid by card, refunded in full at 09:40.
  await place("welcome", await createSignedInUser(), "WELCOME10", "09:10", {
    status: "cancelled",
    payment_mode: "stripe",
    payment_state: "refunded",
    paid_at: at("09:11"),
    refunded_at: at("09:40"),
  });
  // 10:05: $2 off, paid by card, $3.00 of it refunded from Stripe's dashboard at 11:30.
  await place("summer", await createReturningShopper(), "SUMMER2", "10:05", {
    status: "completed",
    payment_mode: "stripe",
    payment_state: "paid",
    paid_at: at("10:06"),
    partly_refunded_cents: 300,
    partly_refunded_at: at("11:30"),
  });
  await place("summerAgain", await createReturningShopper(), "summer2", "12:20", PAID_AT_COUNTER);
  await place("fiveUses", await createReturningShopper(), "FIVEUSES", "12:45", PAID_AT_COUNTER);
  await place("fiveUsesAgain", await createReturningShopper(), "FIVEUSES", "13:15", PAID_AT_COUNTER);
  // 14:00: no code, paid at the counter and given back there at 14:30.
  await place("plain", await createReturningShopper(), undefined, "14:00", {
    status: "cancelled",
    payment_state: "given_back",
    given_back_at: at("14:30"),
  });
  // 15:00: a code on an order cancelled before it was paid: not a sale, no discount given.
  await place("cancelled", await createReturningShopper(), "SUMMER2", "15:00", {
    status: "cancelled",
    payment_state: "not_required",
  });
});

const query = (from = DAY, to = DAY) => `from=${from}&to=${to}&location=${location}`;

async function figures(search: string): Promise<NumbersResponse> {
  const response = await api(`/api/staff/numbers?${search}`, { headers: { Cookie: owner.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<NumbersResponse>(response);
}

async function download(kind: "orders" | "lines", search: string) {
  const response = await api(`/api/staff/numbers/${kind}.csv?${search}`, { headers: { Cookie: owner.cookie } });
  expect(response.status).toBe(200);
  const [header, ...rows] = parseCsv(await response.text());
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

const cents = (value: string) => Math.round(Number(value) * 100);
const sumOf = (records: Record<string, string>[], column: string) =>
  records.reduce((sum, record) => sum + cents(record[column]!), 0);

describe("the numbers of a day with coded orders", () => {
  it("count gross sales before discounts, the discounts apart, refunds as charged, and net = gross − discounts − refunds", async () => {
    const { totals } = await figures(query());
    const sales = ["welcome", "summer", "summerAgain", "fiveUses", "fiveUsesAgain", "plain"].map(
      (name) => orders[name]!,
    );
    expect(orders.welcome!.discount).toBe(Math.round(orders.welcome!.subtotal / 10));
    expect(orders.summer!.discount).toBe(200);
    expect(orders.fiveUses!.discount).toBe(150);
    expect(orders.plain!.discount).toBe(0);

    expect(totals.orders).toBe(6);
    expect(totals.grossSalesCents).toBe(sales.reduce((sum, order) => sum + order.subtotal, 0));
    expect(totals.discountsCents).toBe(orders.welcome!.discount + 200 + 200 + 150 + 150);
    // The refund in full gives back the drinks as they were charged, not at their menu price.
    expect(totals.refundsCents).toBe(
      orders.welcome!.subtotal - orders.welcome!.discount + 300 + orders.plain!.subtotal,
    );
    expect(totals.netSalesCents).toBe(totals.grossSalesCents - totals.discountsCents - totals.refundsCents);
    // What was charged for the drinks still held: the three orders paid at the counter and kept,
    // and the card order less what came back of it.
    expect(totals.netSalesCents).toBe(
      orders.summer!.total - 300 + orders.summerAgain!.total + orders.fiveUses!.total + orders.fiveUsesAgain!.total,
    );
    // The order cancelled before payment is apart, with what it would have been (its discount off).
    const { apart } = await figures(query());
    expect(apart.cancelled).toEqual({ orders: 1, cents: orders.cancelled!.total });
  });

  it("adds up by hour and by day to the totals", async () => {
    const day = await figures(query());
    for (const field of ["orders", "grossSalesCents", "discountsCents", "refundsCents", "netSalesCents"] as const) {
      expect(
        day.byHour.reduce((sum, hour) => sum + hour[field], 0),
        field,
      ).toBe(day.totals[field]);
    }
    for (const hour of day.byHour)
      expect(hour.netSalesCents).toBe(hour.grossSalesCents - hour.discountsCents - hour.refundsCents);
    const nine = day.byHour.find((hour) => hour.hour === 9)!;
    expect(nine).toMatchObject({
      orders: 1,
      discountsCents: orders.welcome!.discount,
      refundsCents: orders.welcome!.subtotal - orders.welcome!.discount,
      netSalesCents: 0,
    });

    const week = await figures(query("2026-07-13", "2026-07-19"));
    expect(week.totals).toEqual(day.totals);
    for (const field of ["orders", "grossSalesCents", "discountsCents", "refundsCents", "netSalesCents"] as const) {
      expect(
        week.byDay.reduce((sum, date) => sum + date[field], 0),
        field,
      ).toBe(week.totals[field]);
    }
    expect(week.byDay.find((date) => date.date === DAY)).toMatchObject({
      grossSalesCents: day.totals.grossSalesCents,
      discountsCents: day.totals.discountsCents,
      netSalesCents: day.totals.netSalesCents,
    });
  });

  it("puts each drink's share of the discounts in what sold", async () => {
    const { totals, items } = await figures(query());
    expect(items.reduce((sum, item) => sum + item.discountsCents, 0)).toBe(totals.discountsCents);
    for (const item of items)
      expect(item.netSalesCents).toBe(item.grossSalesCents - item.discountsCents - item.refundsCents);
    // The partial refund is an amount, set against no drink: the drinks' net holds it.
    expect(items.reduce((sum, item) => sum + item.netSalesCents, 0)).toBe(totals.netSalesCents + 300);
  });

  it("lists each code with its uses, the discount it gave and the uses it has left", async () => {
    const { promoCodes } = await figures(query());
    expect(promoCodes).toEqual([
      { code: "SUMMER2", uses: 2, discountCents: 400, usesLeft: null },
      { code: "FIVEUSES", uses: 2, discountCents: 300, usesLeft: 3 },
      { code: "WELCOME10", uses: 1, discountCents: orders.welcome!.discount, usesLeft: null },
    ]);
    // A day without sales still lists the codes that could apply, with nothing given.
    const quiet = await figures(query("2026-07-20", "2026-07-20"));
    expect(quiet.promoCodes).toEqual([
      { code: "FIVEUSES", uses: 0, discountCents: 0, usesLeft: 3 },
      { code: "SUMMER2", uses: 0, discountCents: 0, usesLeft: null },
      { code: "WELCOME10", uses: 0, discountCents: 0, usesLeft: null },
    ]);
    // SUMMER2 ends with 2026: a day of 2027 does not list it.
    const nextYear = await figures(query("2027-01-05", "2027-01-05"));
    expect(nextYear.promoCodes.map((code) => code.code)).toEqual(["FIVEUSES", "WELCOME10"]);
  });

  it("reconciles orders.csv to the cent: Discounts and Discount Names on each sale, refunds as charged", async () => {
    const { totals } = await figures(query());
    const records = await download("orders", query());
    for (const [column, total] of [
      ["Gross Sales", totals.grossSalesCents],
      ["Discounts", totals.discountsCents],
      ["Refunds", totals.refundsCents],
      ["Net Sales", totals.netSalesCents],
      ["Total Collected", totals.totalCollectedCents],
    ] as const) {
      expect(sumOf(records, column), column).toBe(total);
    }
    for (const record of records) {
      expect(cents(record["Net Sales"]!), record.Order).toBe(
        cents(record["Gross Sales"]!) - cents(record.Discounts!) - cents(record.Refunds!),
      );
    }
    const sales = records.filter((record) => record.Type === "Sale");
    expect(sales.map((record) => [record.Time, record.Discounts, record["Discount Names"]])).toEqual([
      ["09:10:00", (orders.welcome!.discount / 100).toFixed(2), "WELCOME10"],
      ["10:05:00", "2.00", "SUMMER2"],
      ["12:20:00", "2.00", "SUMMER2"],
      ["12:45:00", "1.50", "FIVEUSES"],
      ["13:15:00", "1.50", "FIVEUSES"],
      ["14:00:00", "0.00", ""],
    ]);
    const welcomeRefund = records.find((record) => record.Type === "Refund" && record.Time === "09:40:00")!;
    expect(cents(welcomeRefund.Refunds!)).toBe(orders.welcome!.subtotal - orders.welcome!.discount);
    expect(cents(welcomeRefund["Total Collected"]!)).toBe(-orders.welcome!.total);
  });

  it("reconciles lines.csv to the cent: each line's share of the discount", async () => {
    const { totals } = await figures(query());
    const records = await download("lines", query());
    for (const [column, total] of [
      ["Gross Sales", totals.grossSalesCents],
      ["Discounts", totals.discountsCents],
      ["Refunds", totals.refundsCents],
      ["Net Sales", totals.netSalesCents],
    ] as const) {
      expect(sumOf(records, column), column).toBe(total);
    }
    for (const record of records) {
      expect(cents(record["Net Sales"]!)).toBe(
        cents(record["Gross Sales"]!) - cents(record.Discounts!) - cents(record.Refunds!),
      );
    }
    // The shares of one order's discount add up to it, line by line as stored.
    const welcomeSale = records.filter((record) => record.Type === "Sale" && record.Time === "09:10:00");
    expect(welcomeSale).toHaveLength(LINES.length);
    expect(sumOf(welcomeSale, "Discounts")).toBe(orders.welcome!.discount);
    const shares = await env.DB.prepare(
      "SELECT amount_cents AS cents FROM order_discount_lines WHERE order_id = ? ORDER BY line_index",
    )
      .bind(orders.welcome!.id)
      .all<{ cents: number }>();
    expect(welcomeSale.map((record) => cents(record.Discounts!))).toEqual(shares.results.map((share) => share.cents));
  });
});
