import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import type { NumbersResponse } from "#common/numbers";
import { parseCsv } from "#tests/shared/csv-reading";
import { api, json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { createReturningShopper, createSignedInUser, type SignedInUser } from "./sign-in";

// The owner's numbers with the stamp card: a reward spent is a Loyalty discount at the shop where
// it was spent, the stamps the day's sales earned and spent are the ledger's rows of those sales,
// and the stamps outstanding (every card's, the owner's figure) are the ledger's sum.

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

/** Anaheim's August 12 (Pacific daylight time, UTC−7), the day before it and the day after. */
const DAY = "2026-08-12";
const DAY_BEFORE = "2026-08-11";
const DAY_AFTER = "2026-08-13";
const at = (clock: string, day = DAY) => new Date(`${day}T${clock}:00.000-07:00`).toISOString();
const COMPLETED = { status: "completed", payment_state: "paid_at_counter" };

let owner: SignedInUser;
let manager: SignedInUser;
let location: string;
const orders: Record<string, string> = {};

async function shopperWithStamps(stamps: number): Promise<SignedInUser> {
  const shopper = await createReturningShopper();
  await env.DB.prepare(
    "INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by) VALUES (?, 'adjusted', ?, 'Paper card', 'owner@example.com')",
  )
    .bind(shopper.userId, stamps)
    .run();
  return shopper;
}

/**
 * Places an order through POST /api/orders, moves it to a clock time of a day, then writes how it
 * ended in its own statement, as the board's transitions do: the ledger's triggers earn its stamps.
 */
async function place(name: string, shopper: SignedInUser, extra: Record<string, unknown>, placedAt: string) {
  const response = await postOrder(shopper.cookie, { lines: LINES, phone: PHONE, ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  const { order } = await json<CreateOrderResponse>(response);
  await env.DB.prepare("UPDATE orders SET created_at = ?, updated_at = ? WHERE id = ?")
    .bind(placedAt, placedAt, order.id)
    .run();
  await env.DB.prepare("UPDATE orders SET status = ?, payment_state = ? WHERE id = ?")
    .bind(COMPLETED.status, COMPLETED.payment_state, order.id)
    .run();
  const stored = await env.DB.prepare("SELECT location_id AS location FROM orders WHERE id = ?")
    .bind(order.id)
    .first<{ location: string }>();
  location = stored!.location;
  orders[name] = order.id;
}

beforeAll(async () => {
  owner = await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" });
  manager = await createSignedInUser({ username: "Morgan Manager", email: "manager@example.com" });
  await place("plain", await createReturningShopper(), {}, at("09:10"));
  await place("reward", await shopperWithStamps(9), { reward: { id: "rwd-free-drink", line: 0 } }, at("10:30"));
  await place("coded", await createSignedInUser(), { promoCode: "WELCOME10" }, at("11:45"));
  // The day before: its stamps are on the cards (outstanding), not in the day's figures.
  await place("dayBefore", await createReturningShopper(), {}, at("16:00", DAY_BEFORE));
});

const query = (from = DAY, to = DAY) => `from=${from}&to=${to}&location=${location}`;

async function figures(who: SignedInUser, search: string): Promise<NumbersResponse> {
  const response = await api(`/api/staff/numbers?${search}`, { headers: { Cookie: who.cookie } });
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
const countOf = (records: Record<string, string>[], column: string) =>
  records.reduce((sum, record) => sum + Number(record[column]!), 0);

async function discountRows(kind: "promo" | "loyalty", names: string[]): Promise<number> {
  const ids = names.map((name) => orders[name]!);
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(amount_cents), 0) AS cents FROM order_discounts
      WHERE kind = ? AND order_id IN (${ids.map(() => "?").join(", ")})`,
  )
    .bind(kind, ...ids)
    .first<{ cents: number }>();
  return row!.cents;
}

async function ledgerSum(kinds: string[], names?: string[]): Promise<number> {
  const ids = names?.map((name) => orders[name]!) ?? [];
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(stamps), 0) AS stamps FROM stamp_ledger
      WHERE kind IN (${kinds.map(() => "?").join(", ")})
      ${names ? `AND order_id IN (${ids.map(() => "?").join(", ")})` : ""}`,
  )
    .bind(...kinds, ...ids)
    .first<{ stamps: number }>();
  return row!.stamps;
}

const THE_DAY = ["plain", "reward", "coded"];

describe("the numbers of a day when stamps were earned and a reward spent", () => {
  it("count the reward as a Loyalty discount and the code as Promo codes, their parts adding up to Discounts", async () => {
    const loyalty = await discountRows("loyalty", ["reward"]);
    const promo = await discountRows("promo", ["coded"]);
    expect(loyalty).toBeGreaterThan(0);
    expect(promo).toBeGreaterThan(0);

    const { totals, byHour } = await figures(owner, query());
    expect(totals.discountParts).toEqual({ promo, loyalty });
    expect(totals.discountsCents).toBe(promo + loyalty);
    const hour = (clock: number) => byHour.find((entry) => entry.hour === clock && !entry.repeat)!;
    expect(hour(10).discountParts).toEqual({ promo: 0, loyalty });
    expect(hour(11).discountParts).toEqual({ promo, loyalty: 0 });
    expect(hour(9).discountParts).toEqual({ promo: 0, loyalty: 0 });

    const { byDay } = await figures(owner, query(DAY_BEFORE, DAY));
    expect(byDay.map((day) => [day.date, day.discountParts])).toEqual([
      [DAY_BEFORE, { promo: 0, loyalty: 0 }],
      [DAY, { promo, loyalty }],
    ]);
  });

  it("count the stamps the day's sales earned and spent as the ledger's rows of them, and one reward", async () => {
    const earned = await ledgerSum(["earned"], THE_DAY);
    const spent = -(await ledgerSum(["spent"], THE_DAY));
    // Four drinks each; the reward's free drink earns none.
    expect(earned).toBe(4 + 3 + 4);
    expect(spent).toBe(9);

    const { stampCard } = await figures(owner, query());
    expect(stampCard).toMatchObject({ earned, spent, rewardsSpent: 1 });
    const twoDays = await figures(owner, query(DAY_BEFORE, DAY));
    expect(twoDays.stampCard.earned).toBe(earned + (await ledgerSum(["earned"], ["dayBefore"])));
  });

  it("give the owner the stamps outstanding, every card's: the ledger's sum", async () => {
    const outstanding = await ledgerSum(["earned", "taken_back", "spent", "returned", "refunded", "adjusted"]);
    expect(outstanding).toBeGreaterThan(0);
    expect((await figures(owner, query())).stampCard.outstanding).toBe(outstanding);
    // Whatever the range: what the cards hold now.
    expect((await figures(owner, query(DAY_BEFORE, DAY_BEFORE))).stampCard.outstanding).toBe(outstanding);
  });

  it("leave the stamps outstanding out of a manager's numbers", async () => {
    const { stampCard } = await figures(manager, query());
    expect(stampCard).not.toHaveProperty("outstanding");
    expect(stampCard).toMatchObject({ spent: 9, rewardsSpent: 1 });
  });

  it("reconcile orders.csv: each discount's part once, the reward named once, the stamps of each sale", async () => {
    const { totals, stampCard } = await figures(owner, query());
    const records = await download("orders", query());
    expect(sumOf(records, "Promo Code Discounts")).toBe(totals.discountParts.promo);
    expect(sumOf(records, "Loyalty Discounts")).toBe(totals.discountParts.loyalty);
    for (const record of records)
      expect(cents(record.Discounts!)).toBe(
        cents(record["Promo Code Discounts"]!) + cents(record["Loyalty Discounts"]!),
      );
    expect(
      records.map((record) => [record.Time, record["Discount Names"], record["Stamps Earned"], record["Stamps Spent"]]),
    ).toEqual([
      ["09:10:00", "", "4", "0"],
      ["10:30:00", "A free drink", "3", "9"],
      ["11:45:00", "WELCOME10", "4", "0"],
    ]);
    expect(countOf(records, "Stamps Earned")).toBe(stampCard.earned);
    expect(countOf(records, "Stamps Spent")).toBe(stampCard.spent);
  });

  it("reconcile lines.csv: the reward's Loyalty discount on the line it covered", async () => {
    const { totals } = await figures(owner, query());
    const records = await download("lines", query());
    expect(sumOf(records, "Promo Code Discounts")).toBe(totals.discountParts.promo);
    expect(sumOf(records, "Loyalty Discounts")).toBe(totals.discountParts.loyalty);
    const loyaltyLines = records.filter((record) => cents(record["Loyalty Discounts"]!) > 0);
    expect(loyaltyLines.map((record) => [record.Time, record.Item, record.Size])).toEqual([
      ["10:30:00", "Sunrise Orange", "medium"],
    ]);
  });
});

/** Half the drinks' money of an order paid by card, refunded from Stripe's dashboard at a clock time of a day. */
async function refundHalfOfTheDrinks(name: string, refundedAt: string) {
  const id = orders[name]!;
  const order = await env.DB.prepare("SELECT subtotal_cents - discount_cents AS charged FROM orders WHERE id = ?")
    .bind(id)
    .first<{ charged: number }>();
  const half = Math.floor(order!.charged / 2);
  await env.DB.prepare(
    `UPDATE orders SET payment_mode = 'stripe', payment_state = 'paid', paid_at = created_at,
      refunded_cents = ?, partly_refunded_cents = ?, partly_refunded_at = ? WHERE id = ?`,
  )
    .bind(half, half, refundedAt, id)
    .run();
}

describe("lines.csv's stamps", () => {
  const dayAfter = () => query(DAY_AFTER, DAY_AFTER);

  beforeAll(async () => {
    // 09:00: a free Sunrise Orange (one of the two on the first line), then half the drinks refunded at 12:00.
    await place(
      "freeOfTwo",
      await shopperWithStamps(9),
      { reward: { id: "rwd-free-drink", line: 0 } },
      at("09:00", DAY_AFTER),
    );
    await refundHalfOfTheDrinks("freeOfTwo", at("12:00", DAY_AFTER));
    // 10:00: the Charcoal Lemonade, the only drink of its line, free: that line can earn nothing.
    await place(
      "freeLine",
      await shopperWithStamps(9),
      { reward: { id: "rwd-free-drink", line: 2 } },
      at("10:00", DAY_AFTER),
    );
  });

  it("add up for each sale to its row of orders.csv, a partial refund's stamps taken off in line order", async () => {
    const byOrder = (await download("orders", dayAfter())).filter((record) => record.Type === "Sale");
    const lines = await download("lines", dayAfter());
    // The refund took off a stamp: of the three drinks that earned (a free one does not), two are left.
    expect(byOrder.map((record) => [record.Time, record["Stamps Earned"], record["Stamps Spent"]])).toEqual([
      ["09:00:00", "2", "9"],
      ["10:00:00", "3", "9"],
    ]);
    for (const order of byOrder) {
      const ofOrder = lines.filter((line) => line.Order === order.Order && line.Type === "Sale");
      expect(countOf(ofOrder, "Stamps Earned")).toBe(Number(order["Stamps Earned"]));
      expect(countOf(ofOrder, "Stamps Spent")).toBe(Number(order["Stamps Spent"]));
    }
    const sales = lines.filter((line) => line.Type === "Sale");
    expect(
      sales.map((line) => [line.Time, line.Item, line.Quantity, line["Stamps Earned"], line["Stamps Spent"]]),
    ).toEqual([
      // One of the two Sunrise Oranges was free: the line earns one, and holds the reward's nine.
      ["09:00:00", "Sunrise Orange", "2", "1", "9"],
      ["09:00:00", "Berry Blast", "1", "1", "0"],
      ["09:00:00", "Charcoal Lemon", "1", "0", "0"],
      ["10:00:00", "Sunrise Orange", "2", "2", "0"],
      ["10:00:00", "Berry Blast", "1", "1", "0"],
      ["10:00:00", "Charcoal Lemon", "1", "0", "9"],
    ]);
  });

  it("put the reward's spent stamps on the line it made free, and none on a refund's rows", async () => {
    const lines = await download("lines", dayAfter());
    const spentOn = lines
      .filter((line) => Number(line["Stamps Spent"]) > 0)
      .map((line) => [line.Time, line.Item, cents(line["Loyalty Discounts"]!) > 0]);
    expect(spentOn).toEqual([
      ["09:00:00", "Sunrise Orange", true],
      ["10:00:00", "Charcoal Lemon", true],
    ]);
    const refunds = lines.filter((line) => line.Type === "Refund");
    expect(refunds.map((line) => [line.Time, line["Stamps Earned"], line["Stamps Spent"]])).toEqual([
      ["12:00:00", "0", "0"],
    ]);
  });
});
