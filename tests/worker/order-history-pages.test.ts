import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import { ORDER_HISTORY_PAGE, type OrderListResponse } from "#common/orders";
import { getDb } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import { DEFAULT_SHOP_ID } from "#worker/services/shop/default-shop";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";

const db = getDb(env.DB);

/**
 * `count` orders for a new user, written straight to D1 (the order limit would refuse so many
 * through the API), some sharing a timestamp so ties are paged too. Newest first.
 */
async function userWithOrders(count: number) {
  const user = await createSignedInUser();
  const base = Date.parse("2026-01-01T12:00:00.000Z");
  const rows = Array.from({ length: count }, (_, index) => {
    const createdAt = new Date(base + Math.floor(index / 3) * 60_000).toISOString();
    return {
      id: crypto.randomUUID(),
      userId: user.userId,
      locationId: DEFAULT_SHOP_ID,
      status: "received" as const,
      paymentMode: "pay_on_pickup" as const,
      paymentState: "not_required" as const,
      totalCents: 100 + index,
      customerName: "Pager",
      customerEmail: "pager@example.com",
      phone: "+1 714 555 0100",
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (const row of rows) await db.insert(orders).values(row);
  return { ...user, newestFirst: rows.map((row) => row.id).reverse() };
}

async function page(cookie: string, query = "") {
  const response = await api(`/api/orders${query}`, { headers: { Cookie: cookie } });
  return { response, body: response.ok ? await json<OrderListResponse>(response) : null };
}

async function everyPage(cookie: string, limit?: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set("cursor", cursor);
    if (limit) params.set("limit", String(limit));
    const { body } = await page(cookie, `?${params}`);
    seen.push(...body!.orders.map((order) => order.id));
    cursor = body!.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { seen, pages };
}

describe("GET /api/orders pages through the whole history", () => {
  for (const [count, limit] of [
    [0, undefined],
    [1, undefined],
    [ORDER_HISTORY_PAGE.defaultSize, undefined],
    [ORDER_HISTORY_PAGE.defaultSize + 1, undefined],
    [130, undefined],
    [130, ORDER_HISTORY_PAGE.maxSize],
    [7, 1],
  ] as const) {
    it(`${count} orders in pages of ${limit ?? `${ORDER_HISTORY_PAGE.defaultSize} (default)`}: each once, newest first`, async () => {
      const { cookie, newestFirst } = await userWithOrders(count);
      const { seen, pages } = await everyPage(cookie, limit);
      expect(seen).toEqual(newestFirst);
      expect(pages).toBe(Math.max(1, Math.ceil(count / (limit ?? ORDER_HISTORY_PAGE.defaultSize))));
    });
  }

  it("the first page is the newest orders, with a cursor only when more exist", async () => {
    const { cookie, newestFirst } = await userWithOrders(ORDER_HISTORY_PAGE.defaultSize + 5);
    const first = await page(cookie);
    expect(first.body!.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, ORDER_HISTORY_PAGE.defaultSize));
    expect(first.body!.nextCursor).toEqual(expect.any(String));
    const last = await page(cookie, `?cursor=${first.body!.nextCursor}`);
    expect(last.body!.orders).toHaveLength(5);
    expect(last.body!.nextCursor).toBeNull();
  });

  it("another user's cursor shows only one's own orders", async () => {
    const alice = await userWithOrders(25);
    const bob = await userWithOrders(3);
    const alicesCursor = (await page(alice.cookie)).body!.nextCursor!;
    const { body } = await page(bob.cookie, `?cursor=${alicesCursor}`);
    for (const order of body!.orders) expect(bob.newestFirst).toContain(order.id);
  });

  it.each([
    ["cursor", "?cursor=not-a-cursor"],
    ["cursor", `?cursor=${btoa('["yesterday", 1]')}`],
    ["cursor", `?cursor=${btoa("{}")}`],
    ["cursor", `?cursor=${"A".repeat(400)}`],
    ["limit", "?limit=0"],
    ["limit", `?limit=${ORDER_HISTORY_PAGE.maxSize + 1}`],
    ["limit", "?limit=2.5"],
    ["limit", "?limit=ten"],
  ])("refuses a bad %s (%s) with 400 naming it", async (field, query) => {
    const { cookie } = await createSignedInUser();
    const { response } = await page(cookie, query);
    expect(response.status).toBe(400);
    expect((await json<ApiErrorBody>(response)).error.field).toBe(field);
  });
});
