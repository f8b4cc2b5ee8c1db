import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { shopDayStart } from "#common/shop-calendar";
import type { NumbersResponse } from "#common/numbers";
import { orderNumber as number, type CreateOrderResponse } from "#common/orders";
import { app } from "#worker/app";
import { csvRecords, sumOfCents } from "#tests/shared/csv-reading";
import { insertOrder } from "./numbers-fixtures";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { CART, ORIGIN, orderRow, postStatus } from "./staff-fixtures";
import { checkoutSessionEvent, stripeEventPayload, stripeSignature } from "./stripe-webhooks";

// The owner's numbers with the cash drawer's and Stripe's refunds, on orders placed and moved
// through the API and Stripe's webhook (Stripe faked at `fetch`): a partial refund from Stripe's
// dashboard, money given back at the counter, an order handed over unpaid, and a card order
// released unpaid whose late payment was refunded.

const WEBHOOK_SECRET = "whsec_numbers_drawer";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_numbers", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const TIME_ZONE = "America/Los_Angeles";

beforeEach(() => {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const path = new URL(request.url).pathname;
    if (path === "/v1/checkout/sessions" && request.method === "POST") {
      const id = `cs_test_${crypto.randomUUID().slice(0, 8)}`;
      return Response.json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` });
    }
    if (path === "/v1/refunds" && request.method === "POST") {
      const form = new URLSearchParams(await request.text());
      return Response.json({
        object: "refund",
        id: `re_${crypto.randomUUID().slice(0, 12)}`,
        status: "succeeded",
        currency: "usd",
        amount: Number(form.get("amount")),
      });
    }
    return Response.json({ error: { type: "invalid_request_error", message: `No fake for ${path}` } }, { status: 404 });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function call(path: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, ORIGIN), init), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function webhook(event: Record<string, unknown>): Promise<string> {
  const payload = stripeEventPayload(event);
  const response = await call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

const shopper = () =>
  createSignedInUser({ username: "Mia Chen", email: `mia-${crypto.randomUUID().slice(0, 8)}@example.com` });

/** A shopper places an order (by card with Stripe configured, else to pay at the counter). */
async function place(card: boolean, extra: Record<string, unknown> = {}): Promise<string> {
  const who: SignedInUser = await shopper();
  const init = {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: who.cookie },
    body: JSON.stringify({ ...CART, ...extra }),
  };
  const response = card ? await call("/api/orders", init) : await api("/api/orders", init);
  expect(response.status).toBe(201);
  return ((await response.json()) as CreateOrderResponse).order.id;
}

function sessionEvent(
  type: string,
  row: { id: string; stripeSessionId: string | null; totalCents: number },
  pi: string,
) {
  return checkoutSessionEvent(
    type,
    { id: row.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
    { payment_intent: pi },
  );
}

/** A card order placed and paid at Stripe; its payment intent. */
async function paidCardOrder(extra: Record<string, unknown> = {}): Promise<{ id: string; pi: string }> {
  const id = await place(true, extra);
  const pi = `pi_${crypto.randomUUID().slice(0, 10)}`;
  expect(await webhook(sessionEvent("checkout.session.completed", await orderRow(id), pi))).toBe("paid");
  return { id, pi };
}

function chargeRefunded(pi: string, refunded: boolean, amountRefunded: number) {
  return {
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${crypto.randomUUID().slice(0, 10)}`,
        object: "charge",
        payment_intent: pi,
        refunded,
        amount_refunded: amountRefunded,
        refunds: { object: "list", data: [{ id: `re_${crypto.randomUUID().slice(0, 8)}`, object: "refund" }] },
      },
    },
  };
}

/** Test setup: the order was placed (and paid) on the shop's yesterday, at 23:00. */
async function placedYesterday(orderId: string) {
  const at = new Date(shopDayStart(Date.now(), TIME_ZONE).getTime() - 3_600_000).toISOString();
  await env.DB.prepare(
    "UPDATE orders SET created_at = ?, paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE ? END WHERE id = ?",
  )
    .bind(at, at, orderId)
    .run();
}

const shopDate = (instant: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );

let owner: SignedInUser;
let barista: SignedInUser;
let today: string;
let yesterday: string;

async function numbers(from: string, to = from): Promise<NumbersResponse> {
  const response = await api(`/api/staff/numbers?from=${from}&to=${to}&location=loc-anaheim`, {
    headers: { Cookie: owner.cookie },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<NumbersResponse>(response);
}

/** The figures worked out from the orders alone, with no closed day's kept figures to read. */
async function fromTheOrders(from: string, to: string): Promise<NumbersResponse> {
  await env.DB.prepare("DELETE FROM numbers_days").run();
  return numbers(from, to);
}

async function download(kind: "orders" | "lines", from: string, to: string) {
  const response = await api(`/api/staff/numbers/${kind}.csv?from=${from}&to=${to}&location=loc-anaheim`, {
    headers: { Cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  return csvRecords(await response.text());
}

const counter = (orderId: string) => ({
  move: (body: Record<string, unknown>) => postStatus(barista.cookie, orderId, body),
  collect: () => postStatus(barista.cookie, orderId, {}, `/api/staff/orders/${orderId}/paid-at-counter`),
  giveBack: () => postStatus(barista.cookie, orderId, {}, `/api/staff/orders/${orderId}/given-back`),
});

// The cart: two Sunrise Orange (medium) and a Ginger Fire Shot.
const CART_CENTS = 1647;

beforeAll(async () => {
  owner = await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" });
  barista = await createBarista();
  today = shopDate(Date.now());
  yesterday = shopDate(shopDayStart(Date.now(), TIME_ZONE).getTime() - 3_600_000);
});

describe("the owner's numbers with refunds made later, given back and not collected", () => {
  it("counts each order as the counter and Stripe left it, every refund on the day it was made", async () => {
    // 1. Card, paid yesterday; $2.50 of it refunded from Stripe's dashboard today.
    const early = await paidCardOrder();
    await placedYesterday(early.id);
    expect((await orderRow(early.id)).totalCents).toBe(CART_CENTS);
    expect(await webhook(chargeRefunded(early.pi, false, 250))).toBe("partly_refunded");
    // Yesterday's figures are kept now and after each change to one of its orders below: each
    // change must make them stale, or both days' figures at the end would not be the orders'.
    await numbers(yesterday, today);

    // 2. Card with a $3.00 tip, paid today; the drinks and $0.50 of the tip refunded from the
    //    dashboard, then the rest (Stripe's full refund cancels the order nobody had started).
    const tipped = await paidCardOrder({ tip: { cents: 300 } });
    expect((await orderRow(tipped.id)).totalCents).toBe(CART_CENTS + 300);
    expect(await webhook(chargeRefunded(tipped.pi, false, CART_CENTS + 50))).toBe("partly_refunded");
    expect(await webhook(chargeRefunded(tipped.pi, true, CART_CENTS + 300))).toBe("cancelled");

    // 3. Pay at the counter, placed yesterday, collected, cancelled: owed back until given back.
    const owed = await place(false);
    await placedYesterday(owed);
    expect((await counter(owed).collect()).status).toBe(200);
    expect((await counter(owed).move({ status: "cancelled", reason: "Out of oranges" })).status).toBe(200);
    await numbers(yesterday, today);

    // 4. Pay at the counter, handed over without the money (Done, "Not paid").
    const unpaid = await place(false);
    for (const status of ["preparing", "ready"]) expect((await counter(unpaid).move({ status })).status).toBe(200);
    expect((await counter(unpaid).move({ status: "completed", payment: "not_collected" })).status).toBe(200);

    // 5. Card, released unpaid (its checkout expired), then paid late and refunded at once.
    const released = await place(true);
    const releasedRow = await orderRow(released);
    expect(await webhook(sessionEvent("checkout.session.expired", releasedRow, "pi_none"))).toBe("cancelled");
    expect(await webhook(sessionEvent("checkout.session.completed", releasedRow, "pi_late_numbers"))).toBe("refunded");
    expect(await orderRow(released)).toMatchObject({ status: "cancelled", paymentState: "refunded" });

    // Yesterday: two sales (1 and 3); 3's money is owed back, still in total collected.
    let before = await numbers(yesterday);
    expect(before.totals).toEqual({
      orders: 2,
      drinks: 6,
      grossSalesCents: 2 * CART_CENTS,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 0,
      refundsOfTheseSalesCents: 0,
      refundsOfEarlierSalesCents: 0,
      netSalesCents: 2 * CART_CENTS,
      tipsCents: 0,
      deliveryFeesCents: 0,
      totalCollectedCents: 2 * CART_CENTS,
      averageOrderCents: CART_CENTS,
    });
    expect(before.apart).toEqual({
      cancelled: { orders: 0, cents: 0 },
      refundsOwed: { orders: 1, cents: CART_CENTS },
      notCollected: { orders: 0, cents: 0 },
      toCollect: { orders: 0, cents: 0 },
    });

    // Today before the give-back: sales 2 and 4; refunds $2.50 of 1's drinks (yesterday's sale: a
    // refund of an earlier sale), and 2's drinks, tip ($0.50, then $2.50) and nothing else; 5 is nowhere.
    // The average order is today's sales' own: refunds do not make it smaller.
    const todayBefore = await numbers(today);
    expect(todayBefore.totals).toEqual({
      orders: 2,
      drinks: 6,
      grossSalesCents: 2 * CART_CENTS,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 250 + CART_CENTS,
      refundsOfTheseSalesCents: CART_CENTS,
      refundsOfEarlierSalesCents: 250,
      netSalesCents: CART_CENTS - 250,
      tipsCents: 0,
      deliveryFeesCents: 0,
      totalCollectedCents: -250,
      averageOrderCents: CART_CENTS,
    });
    expect(todayBefore.apart).toEqual({
      cancelled: { orders: 0, cents: 0 },
      refundsOwed: { orders: 0, cents: 0 },
      notCollected: { orders: 1, cents: CART_CENTS },
      toCollect: { orders: 0, cents: 0 },
    });
    expect(todayBefore.byPayment).toEqual([
      { key: "card", orders: 1, netSalesCents: -250, totalCollectedCents: -250 },
      { key: "counter", orders: 1, netSalesCents: CART_CENTS, totalCollectedCents: 0 },
      { key: "door", orders: 0, netSalesCents: 0, totalCollectedCents: 0 },
    ]);
    // The drinks refunded whole are told by drink; $2.50 of part of them is not.
    const sunrise = todayBefore.items.find((item) => item.name === "Sunrise Orange")!;
    expect(sunrise.refundsCents + todayBefore.items.find((item) => item.name !== "Sunrise Orange")!.refundsCents).toBe(
      CART_CENTS,
    );

    // The money of 3 handed back today, and a later write touches the order: counted today.
    const given = await counter(owed).giveBack();
    expect(given.status).toBe(200);
    await numbers(yesterday, today);
    await env.DB.prepare("UPDATE orders SET updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 3 * 86_400_000).toISOString(), owed)
      .run();
    before = await numbers(yesterday);
    expect(before.totals.totalCollectedCents).toBe(2 * CART_CENTS);
    expect(before.totals.refundsCents).toBe(0);
    expect(before.apart.refundsOwed).toEqual({ orders: 0, cents: 0 });

    const day = await numbers(today);
    expect(day.totals).toEqual({
      orders: 2,
      drinks: 6,
      grossSalesCents: 2 * CART_CENTS,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 250 + 2 * CART_CENTS,
      refundsOfTheseSalesCents: CART_CENTS,
      refundsOfEarlierSalesCents: 250 + CART_CENTS,
      netSalesCents: -250,
      tipsCents: 0,
      deliveryFeesCents: 0,
      totalCollectedCents: -250 - CART_CENTS,
      // Net sales are below zero (yesterday's sales given back today), the average order never is.
      averageOrderCents: CART_CENTS,
    });
    expect(day.byPayment).toEqual([
      { key: "card", orders: 1, netSalesCents: -250, totalCollectedCents: -250 },
      { key: "counter", orders: 1, netSalesCents: 0, totalCollectedCents: -CART_CENTS },
      { key: "door", orders: 0, netSalesCents: 0, totalCollectedCents: 0 },
    ]);

    // Both days: what was owed and what was taken add up to the sales, tips and fees.
    const both = await numbers(yesterday, today);
    expect(both).toEqual(await fromTheOrders(yesterday, today));
    expect(both.totals).toMatchObject({
      orders: 4,
      grossSalesCents: 4 * CART_CENTS,
      discountsCents: 0,
      discountParts: { promo: 0, loyalty: 0 },
      refundsCents: 250 + 2 * CART_CENTS,
      // Both days hold every refunded sale: none is earlier.
      refundsOfTheseSalesCents: 250 + 2 * CART_CENTS,
      refundsOfEarlierSalesCents: 0,
      netSalesCents: 2 * CART_CENTS - 250,
      tipsCents: 0,
      totalCollectedCents: CART_CENTS - 250,
    });
    expect(both.totals.netSalesCents + both.totals.tipsCents + both.totals.deliveryFeesCents).toBe(
      both.totals.totalCollectedCents + both.apart.toCollect.cents + both.apart.notCollected.cents,
    );

    // The exports: a row per sale and per refund, their sums the page's.
    const orders = await download("orders", yesterday, today);
    const rowsOf = (id: string) => orders.filter((row) => row.Order === number(id));
    expect(rowsOf(released)).toEqual([]);
    expect(
      rowsOf(early.id).map((row) => [
        row.Date,
        row.Type,
        row.Refunds,
        row.Tips,
        row["Total Collected"],
        row.Collection,
      ]),
    ).toEqual([
      [yesterday, "Sale", "0.00", "0.00", "16.47", "Collected"],
      [today, "Refund", "2.50", "0.00", "-2.50", "Part refunded by card"],
    ]);
    expect(
      rowsOf(tipped.id).map((row) => [row.Type, row.Refunds, row.Tips, row["Total Collected"], row.Collection]),
    ).toEqual([
      ["Sale", "0.00", "3.00", "19.47", "Collected"],
      ["Refund", "16.47", "-0.50", "-16.97", "Part refunded by card"],
      ["Refund", "0.00", "-2.50", "-2.50", "Refunded by card"],
    ]);
    expect(
      rowsOf(owed).map((row) => [row.Date, row.Type, row.Refunds, row["Total Collected"], row.Collection]),
    ).toEqual([
      [yesterday, "Sale", "0.00", "16.47", "Collected"],
      [today, "Refund", "16.47", "-16.47", "Given back"],
    ]);
    expect(rowsOf(unpaid).map((row) => [row.Type, row["Gross Sales"], row["Total Collected"], row.Collection])).toEqual(
      [["Sale", "16.47", "0.00", "Not collected"]],
    );
    const totals = both.totals;
    expect(sumOfCents(orders, "Gross Sales")).toBe(totals.grossSalesCents);
    expect(sumOfCents(orders, "Refunds")).toBe(totals.refundsCents);
    expect(sumOfCents(orders, "Net Sales")).toBe(totals.netSalesCents);
    expect(sumOfCents(orders, "Tips")).toBe(totals.tipsCents);
    expect(sumOfCents(orders, "Delivery Fees")).toBe(totals.deliveryFeesCents);
    expect(sumOfCents(orders, "Total Collected")).toBe(totals.totalCollectedCents);

    // Today's export names each refund's sale day: those before today are the page's refunds of earlier sales.
    const todays = await download("orders", today, today);
    const earlierRefunds = todays.filter((row) => row.Type === "Refund" && row["Sale Date"]! < today);
    expect(earlierRefunds.map((row) => row.Order).sort()).toEqual([number(early.id), number(owed)].sort());
    expect(sumOfCents(earlierRefunds, "Refunds")).toBe(day.totals.refundsOfEarlierSalesCents);
    expect(sumOfCents(todays, "Refunds")).toBe(day.totals.refundsCents);
    const todaysLines = await download("lines", today, today);
    expect(
      sumOfCents(
        todaysLines.filter((row) => row.Type === "Refund" && row["Sale Date"]! < today),
        "Refunds",
      ),
    ).toBe(day.totals.refundsOfEarlierSalesCents);

    const lines = await download("lines", yesterday, today);
    expect(lines.filter((row) => row.Order === number(early.id) && row.Type === "Refund")).toMatchObject([
      { Item: "Part of the drinks", Quantity: "1", Refunds: "2.50", "Net Sales": "-2.50" },
    ]);
    expect(lines.filter((row) => row.Order === number(tipped.id) && row.Type === "Refund")).toHaveLength(2);
    expect(sumOfCents(lines, "Gross Sales")).toBe(totals.grossSalesCents);
    expect(sumOfCents(lines, "Refunds")).toBe(totals.refundsCents);
    expect(sumOfCents(lines, "Net Sales")).toBe(totals.netSalesCents);
  });
});

describe("orders written before the refunds' instants were stored", () => {
  it("take them from their history: who gave the money back and when, and the dashboard's partial refund", async () => {
    const who = await shopper();
    const line = { name: "Sunrise Orange", size: "medium", quantity: 1, unitPriceCents: 699 };
    await insertOrder(who.userId, {
      id: "before-given-back",
      createdAt: "2026-06-10T17:00:00.000Z",
      updatedAt: "2026-06-14T17:00:00.000Z",
      status: "cancelled",
      paymentMode: "pay_on_pickup",
      paymentState: "given_back",
      lines: [line],
    });
    await insertOrder(who.userId, {
      id: "before-partial",
      createdAt: "2026-06-10T17:00:00.000Z",
      updatedAt: "2026-06-14T17:00:00.000Z",
      status: "completed",
      paymentMode: "stripe",
      paymentState: "paid",
      lines: [line],
    });
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET refunded_cents = 200 WHERE id = 'before-partial'"),
      env.DB.prepare(
        `INSERT INTO order_events (order_id, status, previous_status, payment_state, actor, actor_user_id, created_at) VALUES
          ('before-given-back', 'cancelled', 'cancelled', 'given_back', 'staff', ?, '2026-06-11T18:00:00.000Z')`,
      ).bind(barista.userId),
      env.DB.prepare(
        `INSERT INTO order_events (order_id, status, previous_status, payment_state, actor, reason, created_at) VALUES
          ('before-partial', 'completed', 'completed', 'paid', 'payment_provider', '$2.00 of $6.99 refunded from Stripe''s dashboard', '2026-06-12T18:00:00.000Z')`,
      ),
    ]);
    const migration = env.TEST_MIGRATIONS.find((entry) => entry.name.includes("refunds_by_when_made"))!;
    const backfill = migration.queries.filter((query) => query.includes("UPDATE `orders`"));
    expect(backfill).toHaveLength(2);
    await env.DB.batch(backfill.map((query) => env.DB.prepare(query)));

    const rows = await env.DB.prepare(
      "SELECT id, given_back_at AS givenBackAt, partly_refunded_cents AS partlyRefundedCents, partly_refunded_at AS partlyRefundedAt FROM orders WHERE id LIKE 'before-%' ORDER BY id",
    ).all();
    expect(rows.results).toEqual([
      {
        id: "before-given-back",
        givenBackAt: "2026-06-11T18:00:00.000Z",
        partlyRefundedCents: 0,
        partlyRefundedAt: null,
      },
      {
        id: "before-partial",
        givenBackAt: null,
        partlyRefundedCents: 200,
        partlyRefundedAt: "2026-06-12T18:00:00.000Z",
      },
    ]);
    // Counted on those days, not on the day of their last change.
    expect((await numbers("2026-06-11")).totals.refundsCents).toBe(699);
    expect((await numbers("2026-06-12")).totals.refundsCents).toBe(200);
    expect((await numbers("2026-06-14")).totals.refundsCents).toBe(0);
  });
});
