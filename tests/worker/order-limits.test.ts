import { env } from "cloudflare:workers";
import { asc, eq, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse, Order } from "#common/orders";
import { ORDER_LIMITS } from "#common/order-limits";
import { chunk, D1_MAX_BOUND_VALUES, rowsPerInsert } from "#worker/db/batch";
import { getDb } from "#worker/db/client";
import { orderItems, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { orderEmailsOf, ordersOf, PHONE, postOrder } from "./order-requests";
import { createReturningShopper } from "./sign-in";

const db = getDb(env.DB);
const itemsOf = (orderId: string) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

/** Drinks that are on the menu, each with a size it is sold in. */
const MENU_LINES = [
  { productId: "prd-sunrise-orange", size: "small" },
  { productId: "prd-sunrise-orange", size: "medium" },
  { productId: "prd-sunrise-orange", size: "large" },
  { productId: "prd-charcoal-lemonade", size: "default" },
  { productId: "prd-berry-blast", size: "small" },
  { productId: "prd-apple-ginger", size: "small" },
] as const;

// One drink a line: the edge allows 50 a line, but the shop takes 40 drinks in one order
// (tests/worker/order-size.test.ts); what is tested here is how many lines and notes are written.
function lines(count: number, note: (index: number) => string = () => "", quantity = 1) {
  return Array.from({ length: count }, (_, index) => ({
    ...MENU_LINES[index % MENU_LINES.length]!,
    quantity,
    note: note(index),
  }));
}

describe("orders of every allowed size are written whole", () => {
  const maxNote = ORDER_LIMITS.maxNoteLength;
  // Notes of the longest allowed length, in the spellings that take the most bytes: ASCII, quotes
  // (escaped in JSON), three-byte characters and emoji (surrogate pairs).
  const notes: Array<[string, (index: number) => string]> = [
    ["ASCII", (index) => `${index}`.padEnd(maxNote, "n")],
    ["quotes and backslashes", () => `"\\`.repeat(maxNote / 2)],
    ["three-byte characters", () => "果".repeat(maxNote)],
    ["emoji", () => "🍊".repeat(maxNote / 2)],
  ];

  for (const count of [1, 12, 13, 25, ORDER_LIMITS.maxLines]) {
    it(`an order of ${count} line(s) is placed with every line stored`, async () => {
      const { cookie } = await createReturningShopper();
      const response = await postOrder(cookie, { lines: lines(count), phone: PHONE });
      expect(response.status).toBe(201);
      const { order } = await json<CreateOrderResponse>(response);
      expect(order.lines).toHaveLength(count);
      expect(await itemsOf(order.id)).toHaveLength(count);
    });
  }

  for (const [spelling, note] of notes) {
    it(`the longest order (${ORDER_LIMITS.maxLines} lines, ${maxNote}-character notes in ${spelling}) is placed whole`, async () => {
      const { userId, cookie } = await createReturningShopper();
      const request = { lines: lines(ORDER_LIMITS.maxLines, note), phone: PHONE };
      const response = await postOrder(cookie, request);
      expect(response.status).toBe(201);
      const { order } = await json<CreateOrderResponse>(response);

      const stored = await itemsOf(order.id);
      expect(stored.map((item) => [item.productId, item.size, item.quantity, item.comment])).toEqual(
        request.lines.map((line) => [line.productId, line.size, line.quantity, line.note]),
      );
      expect(order.itemCount).toBe(ORDER_LIMITS.maxLines);
      expect(await ordersOf(userId)).toHaveLength(1);
      expect(await orderEmailsOf(order.id)).toHaveLength(2);

      const read = await api(`/api/orders/${order.id}`, { headers: { Cookie: cookie } });
      expect((await json<{ order: Order }>(read)).order.lines).toHaveLength(ORDER_LIMITS.maxLines);
    });
  }

  it("splits a multi-row insert so no statement binds more than D1 allows", () => {
    const columns = Object.keys(getTableColumns(orderItems)).length;
    expect(rowsPerInsert(orderItems) * columns).toBeLessThanOrEqual(D1_MAX_BOUND_VALUES);
    // The largest order needs several statements: the split is what makes it fit.
    expect(ORDER_LIMITS.maxLines).toBeGreaterThan(rowsPerInsert(orderItems));
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(chunk([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(() => chunk([1], 0)).toThrow();
  });
});

describe("orders per account are limited", () => {
  const { maxOrdersPerWindow: max, orderWindowMinutes } = ORDER_LIMITS;
  const one = [{ productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" }];

  it(`accepts ${max} orders in ${orderWindowMinutes} minutes, then answers 429 with Retry-After and writes nothing`, async () => {
    const { userId, cookie } = await createReturningShopper();
    for (let index = 0; index < max; index += 1) {
      expect((await postOrder(cookie, { lines: one, phone: PHONE })).status).toBe(201);
    }
    for (const key of [undefined, crypto.randomUUID(), crypto.randomUUID()]) {
      const refused = await postOrder(cookie, { lines: one, phone: PHONE }, key);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(orderWindowMinutes * 60);
      expect(await json<ApiErrorBody>(refused)).toMatchObject({ error: { code: "rate_limited" } });
    }
    const stored = await ordersOf(userId);
    expect(stored).toHaveLength(max);
    const emails = await Promise.all(stored.map((order) => orderEmailsOf(order.id)));
    expect(emails.flat()).toHaveLength(max * 2);
  });

  it("answers a retry of an earlier order (same Idempotency-Key) even at the limit: it is not a new order", async () => {
    const { userId, cookie } = await createReturningShopper();
    const keys = Array.from({ length: max }, () => crypto.randomUUID());
    for (const key of keys) expect((await postOrder(cookie, { lines: one, phone: PHONE }, key)).status).toBe(201);
    for (const key of keys) expect((await postOrder(cookie, { lines: one, phone: PHONE }, key)).status).toBe(200);
    expect((await postOrder(cookie, { lines: one, phone: PHONE }, crypto.randomUUID())).status).toBe(429);
    expect(await ordersOf(userId)).toHaveLength(max);
  });

  it("holds under a concurrent burst: exactly the limit is written", async () => {
    const { userId, cookie } = await createReturningShopper();
    const responses = await Promise.all(
      Array.from({ length: max * 3 }, () => postOrder(cookie, { lines: one, phone: PHONE }, crypto.randomUUID())),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(max * 2);
    expect(await ordersOf(userId)).toHaveLength(max);
  });

  it("counts per account, not per address: another account on the same address is not limited", async () => {
    const busy = await createReturningShopper();
    const other = await createReturningShopper();
    for (let index = 0; index < max; index += 1) await postOrder(busy.cookie, { lines: one, phone: PHONE });
    expect((await postOrder(busy.cookie, { lines: one, phone: PHONE })).status).toBe(429);
    expect((await postOrder(other.cookie, { lines: one, phone: PHONE })).status).toBe(201);
  });

  it("forgets orders older than the window, and Retry-After says when the oldest in it leaves", async () => {
    const { userId, cookie } = await createReturningShopper();
    for (let index = 0; index < max; index += 1) await postOrder(cookie, { lines: one, phone: PHONE });
    const stored = await ordersOf(userId);
    // The oldest is moved to 20 s before it leaves the window; the others to long ago.
    const windowMs = orderWindowMinutes * 60 * 1000;
    const [oldest, ...rest] = stored;
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - windowMs + 20_000).toISOString() })
      .where(eq(orders.id, oldest!.id));
    const refused = await postOrder(cookie, { lines: one, phone: PHONE });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(10);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(20);

    for (const row of rest) {
      await db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - windowMs - 1000).toISOString() })
        .where(eq(orders.id, row.id));
    }
    expect((await postOrder(cookie, { lines: one, phone: PHONE })).status).toBe(201);
  });
});

describe("an Idempotency-Key names one cart", () => {
  const base: OrderRequest = {
    lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "no ice" }],
    phone: PHONE,
  };
  const changed: Array<[string, OrderRequest]> = [
    ["another quantity", { ...base, lines: [{ ...base.lines[0]!, quantity: 3 }] }],
    ["another size", { ...base, lines: [{ ...base.lines[0]!, size: "large" }] }],
    ["another drink", { ...base, lines: [{ ...base.lines[0]!, productId: "prd-berry-blast", size: "small" }] }],
    ["another note", { ...base, lines: [{ ...base.lines[0]!, note: "extra ice" }] }],
    [
      "an extra line",
      {
        ...base,
        lines: [...base.lines, { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" }],
      },
    ],
    ["another phone", { ...base, phone: "+1 714 555 0199" }],
  ];

  for (const [name, request] of changed) {
    it(`refuses the key again with ${name} (422), leaving the first order as it was`, async () => {
      const { userId, cookie } = await createReturningShopper();
      const key = crypto.randomUUID();
      const first = await json<CreateOrderResponse>(await postOrder(cookie, base, key));
      const reused = await postOrder(cookie, request, key);
      expect(reused.status).toBe(422);
      expect(await json<ApiErrorBody>(reused)).toMatchObject({
        error: { code: "idempotency_key_reused", field: "Idempotency-Key" },
      });
      const stored = await ordersOf(userId);
      expect(stored.map((order) => order.id)).toEqual([first.order.id]);
      expect((await itemsOf(first.order.id)).map((item) => item.quantity)).toEqual([2]);
    });
  }

  it("answers the same cart again (200) however it is spelled: spaces around the note and phone, another displayed total", async () => {
    const { userId, cookie } = await createReturningShopper();
    const key = crypto.randomUUID();
    const first = await json<CreateOrderResponse>(await postOrder(cookie, base, key));
    const again = await postOrder(
      cookie,
      { lines: [{ ...base.lines[0]!, note: "  no ice " }], phone: ` ${PHONE}  `, displayedTotalCents: 1 },
      key,
    );
    expect(again.status).toBe(200);
    expect((await json<CreateOrderResponse>(again)).order.id).toBe(first.order.id);
    expect(await ordersOf(userId)).toHaveLength(1);
  });

  it("lets only one of two different carts sent together with one key through; the other is 422", async () => {
    const { userId, cookie } = await createReturningShopper();
    const key = crypto.randomUUID();
    const responses = await Promise.all([postOrder(cookie, base, key), postOrder(cookie, changed[0]![1], key)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422]);
    expect(await ordersOf(userId)).toHaveLength(1);
  });
});
