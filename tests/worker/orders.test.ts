import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse, Order, OrderListResponse } from "#common/orders";
import { app } from "#worker/app";
import { getDb } from "#worker/db/client";
import { orderItems, users } from "#worker/db/schema";
import { api, json } from "./helpers";
import { orderEmailsOf, orderRequest, ordersOf, PHONE, postOrder } from "./order-requests";
import { createReturningShopper, createSignedInUser } from "./sign-in";

const db = getDb(env.DB);
const sunriseMedium = { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" } as const;
const charcoal = { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" } as const;

describe("POST /api/orders: who may order", () => {
  it("refuses a guest with 401 and writes nothing", async () => {
    const response = await postOrder(undefined, { lines: [sunriseMedium], phone: PHONE });
    expect(response.status).toBe(401);
    expect(await json<ApiErrorBody>(response)).toEqual({
      error: { code: "unauthorized", message: "Sign in to continue" },
    });
    expect((await api("/api/orders")).status).toBe(401);
    expect((await api("/api/orders/anything")).status).toBe(401);
  });
});

describe("POST /api/orders: pricing on the server", () => {
  it("ignores a tampered client total and per-line price, charging the menu's (sale) prices", async () => {
    const { userId, cookie } = await createReturningShopper();
    const response = await postOrder(cookie, {
      // A forged price on the line and a forged total: neither may reach the order.
      lines: [{ ...sunriseMedium, priceCents: 1, unitPriceCents: 1 }, charcoal],
      phone: PHONE,
      displayedTotalCents: 100,
    });
    expect(response.status).toBe(201);
    const body = await json<CreateOrderResponse>(response);
    // Sunrise Orange medium is 6.99, on sale at 6.49; Charcoal Lemon is 6.99: 2 × 649 + 699.
    expect(body.order.totalCents).toBe(1997);
    expect(body.totalChanged).toBe(true);
    expect(body.paymentUrl).toBeUndefined();
    expect(
      body.order.lines.map((line) => [line.name, line.size, line.unitPriceCents, line.quantity, line.subtotalCents]),
    ).toEqual([
      ["Sunrise Orange", "medium", 649, 2, 1298],
      ["Charcoal Lemon", "default", 699, 1, 699],
    ]);
    const [stored] = await ordersOf(userId);
    expect(stored?.totalCents).toBe(1997);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, body.order.id));
    expect(items.map((item) => item.unitPriceCents)).toEqual([649, 699]);
  });

  it("uses the sale price where one exists and says nothing changed when the client agreed", async () => {
    const { cookie } = await createReturningShopper();
    const response = await postOrder(cookie, {
      lines: [{ productId: "prd-apple-ginger", size: "small", quantity: 3, note: "" }],
      phone: PHONE,
      displayedTotalCents: 1497,
    });
    expect(response.status).toBe(201);
    const body = await json<CreateOrderResponse>(response);
    expect(body.order.lines[0]?.unitPriceCents).toBe(499); // not the 5.99 list price
    expect(body.order.totalCents).toBe(1497);
    expect(body.totalChanged).toBe(false);
  });

  it("writes the order placed for pay-on-pickup, a snapshot of each line, and the phone on the profile", async () => {
    const { userId, cookie } = await createReturningShopper({
      username: "Grace Hopper",
      email: "grace@example.com",
      phone: null,
    });
    const response = await postOrder(cookie, {
      lines: [{ productId: "prd-berry-blast", size: "small", quantity: 1, note: "No ice please" }],
      phone: "  +1 (714) 555-0123 ",
    });
    expect(response.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(response);
    expect(order).toMatchObject({
      status: "received",
      paymentMode: "pay_on_pickup",
      paymentState: "not_required",
      totalCents: 599,
      itemCount: 1,
    });
    expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const [stored] = await ordersOf(userId);
    expect(stored).toMatchObject({
      status: "received",
      locationId: "loc-anaheim",
      paymentMode: "pay_on_pickup",
      paymentState: "not_required",
      customerName: "Grace Hopper",
      customerEmail: "grace@example.com",
      phone: "+1 (714) 555-0123",
    });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({
      productId: "prd-berry-blast",
      name: "Berry Blast",
      image: "/images/drinks/berry-blast.svg",
      size: "small",
      unitPriceCents: 599,
      quantity: 1,
      comment: "No ice please",
    });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.phone).toBe("+1 (714) 555-0123");
  });
});

describe("POST /api/orders: lines the menu cannot serve", () => {
  const OFF_MENU = {
    status: 409,
    code: "item_unavailable",
    field: "lines.1.productId",
    message: "Line 2: this drink is no longer on the menu. Remove it from your cart to continue.",
  } as const;
  const invalid = (field: string, reason: string) =>
    ({ status: 400, code: "invalid_input", field, message: `${field}: ${reason}` }) as const;
  const cases: Array<{
    name: string;
    line: Record<string, unknown>;
    status: number;
    code: string;
    field: string;
    message: string;
  }> = [
    {
      name: "a hidden drink",
      line: { productId: "prd-secret-menu", size: "small", quantity: 1, note: "" },
      ...OFF_MENU,
    },
    {
      name: "a deleted drink",
      line: { productId: "prd-discontinued-kiwi", size: "small", quantity: 1, note: "" },
      ...OFF_MENU,
    },
    {
      name: "an unknown drink",
      line: { productId: "prd-does-not-exist", size: "small", quantity: 1, note: "" },
      ...OFF_MENU,
    },
    {
      name: "a drink in a hidden category",
      line: { productId: "prd-pumpkin-spice", size: "small", quantity: 1, note: "" },
      ...OFF_MENU,
    },
    {
      name: "a drink in a deleted category",
      line: { productId: "prd-old-fashioned-punch", size: "small", quantity: 1, note: "" },
      ...OFF_MENU,
    },
    {
      name: "a size an unsized drink does not offer",
      line: { productId: "prd-ginger-shot", size: "large", quantity: 1, note: "" },
      status: 409,
      code: "size_unavailable",
      field: "lines.1.size",
      message: "Line 2: Ginger Fire Shot is not sold in size large.",
    },
    {
      name: "'default' on a sized drink",
      line: { productId: "prd-sunrise-orange", size: "default", quantity: 1, note: "" },
      status: 409,
      code: "size_unavailable",
      field: "lines.1.size",
      message: "Line 2: choose a size for Sunrise Orange.",
    },
    {
      name: "a size that does not exist",
      line: { productId: "prd-sunrise-orange", size: "huge", quantity: 1, note: "" },
      ...invalid("lines.1.size", "Choose a size"),
    },
    {
      name: "quantity 0",
      line: { ...sunriseMedium, quantity: 0 },
      ...invalid("lines.1.quantity", "Quantity must be at least 1"),
    },
    {
      name: "quantity 51",
      line: { ...sunriseMedium, quantity: 51 },
      ...invalid("lines.1.quantity", "Quantity can be at most 50"),
    },
    {
      name: "a fractional quantity",
      line: { ...sunriseMedium, quantity: 1.5 },
      ...invalid("lines.1.quantity", "Quantity must be a whole number"),
    },
    {
      name: "a note over 280 characters",
      line: { ...sunriseMedium, note: "x".repeat(281) },
      ...invalid("lines.1.note", "A note can be at most 280 characters"),
    },
  ];

  for (const { name, line, status, code, field, message } of cases) {
    it(`refuses ${name} with ${status} naming ${field}, and writes no order`, async () => {
      const { userId, cookie } = await createReturningShopper();
      const response = await postOrder(cookie, { lines: [charcoal, line], phone: PHONE });
      expect(response.status).toBe(status);
      expect(await json<ApiErrorBody>(response)).toEqual({ error: { code, message, field } });
      expect(await ordersOf(userId)).toHaveLength(0);
    });
  }

  it("says a drink is no longer on the menu without naming it: hidden, deleted and unknown answer alike", async () => {
    const { cookie } = await createReturningShopper();
    // Hidden, deleted, in a hidden category, in a deleted category, never existed: the catalog
    // answers 404 for each, so the order's answer must not tell them apart or name them.
    const offMenu = [
      { productId: "prd-secret-menu", name: "Secret Menu Punch" },
      { productId: "prd-discontinued-kiwi", name: "Kiwi Crush" },
      { productId: "prd-pumpkin-spice", name: "Pumpkin Spice" },
      { productId: "prd-old-fashioned-punch", name: "Fruit Punch" },
      { productId: "prd-does-not-exist", name: "does-not-exist" },
    ];
    const messages = new Set<string>();
    for (const { productId, name } of offMenu) {
      const response = await postOrder(cookie, {
        lines: [charcoal, { productId, size: "small", quantity: 1, note: "" }],
        phone: PHONE,
      });
      const { error } = await json<ApiErrorBody>(response);
      expect(error).toMatchObject({ code: "item_unavailable", field: "lines.1.productId" });
      expect(error.message).not.toContain(name);
      expect(error.message).not.toContain(productId);
      messages.add(error.message);
    }
    expect([...messages]).toEqual([
      "Line 2: this drink is no longer on the menu. Remove it from your cart to continue.",
    ]);
  });

  it("accepts a 280-character note and the shop's 40 drinks of one kind; 50 pass the edge and are the shop's to refuse", async () => {
    const { cookie } = await createReturningShopper();
    const response = await postOrder(cookie, {
      lines: [{ ...sunriseMedium, quantity: 40, note: "y".repeat(280) }],
      phone: PHONE,
    });
    expect(response.status).toBe(201);
    const fifty = await postOrder(cookie, { lines: [{ ...sunriseMedium, quantity: 50 }], phone: PHONE });
    expect(fifty.status).toBe(409);
    expect((await json<ApiErrorBody>(fifty)).error.code).toBe("order_too_large");
  });

  it("refuses more than 30 lines, an empty cart and a missing phone", async () => {
    const { cookie } = await createReturningShopper();
    const tooMany = await postOrder(cookie, { lines: Array.from({ length: 31 }, () => charcoal), phone: PHONE });
    expect(tooMany.status).toBe(400);
    expect((await json<ApiErrorBody>(tooMany)).error.field).toBe("lines");

    const empty = await postOrder(cookie, { lines: [], phone: PHONE });
    expect(empty.status).toBe(400);
    expect((await json<ApiErrorBody>(empty)).error.field).toBe("lines");

    const noPhone = await postOrder(cookie, { lines: [charcoal], phone: "" });
    expect(noPhone.status).toBe(400);
    expect((await json<ApiErrorBody>(noPhone)).error).toMatchObject({
      field: "phone",
      message: expect.stringContaining("Phone number is required"),
    });
  });
});

describe("POST /api/orders: one order per submission", () => {
  it("answers a retried submission with the same order (200), never a second one", async () => {
    const { userId, cookie } = await createReturningShopper();
    const key = crypto.randomUUID();
    const first = await postOrder(cookie, { lines: [sunriseMedium], phone: PHONE }, key);
    const retry = await postOrder(cookie, { lines: [sunriseMedium], phone: PHONE }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    const firstOrder = (await json<CreateOrderResponse>(first)).order;
    const retried = (await json<CreateOrderResponse>(retry)).order;
    expect(retried.id).toBe(firstOrder.id);
    expect(retried.totalCents).toBe(firstOrder.totalCents);
    expect(retried.lines).toEqual(firstOrder.lines);
    expect(await ordersOf(userId)).toHaveLength(1);
    expect(await orderEmailsOf(firstOrder.id)).toHaveLength(2);
  });

  it("creates one order when two submissions with one key arrive together", async () => {
    const { userId, cookie } = await createReturningShopper();
    const key = crypto.randomUUID();
    const responses = await Promise.all([
      postOrder(cookie, { lines: [charcoal], phone: PHONE }, key),
      postOrder(cookie, { lines: [charcoal], phone: PHONE }, key),
    ]);
    const bodies = await Promise.all(responses.map((response) => json<CreateOrderResponse>(response)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(bodies[0]?.order.id).toBe(bodies[1]?.order.id);
    expect(await ordersOf(userId)).toHaveLength(1);
    expect(await orderEmailsOf(bodies[0]!.order.id)).toHaveLength(2);
  });

  it("keeps keys per user: another user's key makes their own order", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const key = crypto.randomUUID();
    const a = await json<CreateOrderResponse>(await postOrder(alice.cookie, { lines: [charcoal], phone: PHONE }, key));
    const b = await postOrder(bob.cookie, { lines: [charcoal], phone: PHONE }, key);
    expect(b.status).toBe(201);
    expect((await json<CreateOrderResponse>(b)).order.id).not.toBe(a.order.id);
  });

  it("refuses a malformed Idempotency-Key with 400 naming the header", async () => {
    const { userId, cookie } = await createReturningShopper();
    for (const bad of ["short", "x".repeat(101), "has spaces in it"]) {
      const response = await postOrder(cookie, { lines: [charcoal], phone: PHONE }, bad);
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toBe("Idempotency-Key");
    }
    expect(await ordersOf(userId)).toHaveLength(0);
  });
});

describe("POST /api/orders: e-mails (pay on pickup)", () => {
  it("queues the shop's and the customer's e-mails once, in the order's batch, escaping what the customer typed", async () => {
    const { cookie } = await createReturningShopper({ username: "Ada <script>", email: "ada-orders@example.com" });
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(
        "http://localhost:5173/api/orders",
        orderRequest(cookie, {
          lines: [
            { productId: "prd-sunrise-orange", size: "large", quantity: 2, note: "<b>extra pulp</b> & ice" },
            charcoal,
          ],
          phone: PHONE,
        }),
      ),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(response);
    const emails = await orderEmailsOf(order.id);
    expect(emails.map((email) => [email.kind, email.recipient])).toEqual([
      ["order-customer", "ada-orders@example.com"],
      ["order-shop", env.SHOP_EMAIL],
    ]);
    const [customer, shop] = emails;

    // The shop: name, e-mail, phone, every line with size, quantity, price, subtotal and note, the total.
    for (const expected of [
      "Ada &lt;script&gt;",
      "ada-orders@example.com",
      PHONE,
      "Sunrise Orange",
      "Large",
      "$8.49",
      "$16.98",
      "Charcoal Lemon",
      "$6.99",
      "$23.97",
      "&lt;b&gt;extra pulp&lt;/b&gt; &amp; ice",
    ]) {
      expect(shop!.html).toContain(expected);
    }
    expect(shop!.html).not.toContain("<script>");
    expect(shop!.html).not.toContain("<b>extra pulp");
    expect(shop!.text).toContain("<b>extra pulp</b> & ice");
    expect(shop!.subject).toContain("$23.97");

    // The customer: the same lines and total, and where and when to collect the drinks (a pickup:
    // the counter's time, not the delivery window).
    for (const expected of [
      "Sunrise Orange",
      "$16.98",
      "$23.97",
      "Pick it up at",
      "As soon as possible (ready around",
      "&lt;b&gt;extra pulp&lt;/b&gt;",
    ]) {
      expect(customer!.html).toContain(expected);
    }
    expect(customer!.text).toContain("As soon as possible (ready around");
    expect(customer!.text).not.toContain("60-90 minutes");
  });
});

describe("order history", () => {
  it("lists only the user's own orders, newest first, with lines, total and status", async () => {
    const { cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const first = await json<CreateOrderResponse>(await postOrder(cookie, { lines: [charcoal], phone: PHONE }));
    const second = await json<CreateOrderResponse>(
      await postOrder(cookie, { lines: [sunriseMedium, { ...charcoal, quantity: 3 }], phone: PHONE }),
    );
    const othersOrder = await json<CreateOrderResponse>(
      await postOrder(other.cookie, { lines: [charcoal], phone: PHONE }),
    );

    const response = await api("/api/orders", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const { orders: listed } = await json<OrderListResponse>(response);
    expect(listed.map((order) => order.id)).toEqual([second.order.id, first.order.id]);
    expect(listed.map((order) => order.id)).not.toContain(othersOrder.order.id);
    expect(listed[0]).toMatchObject({
      status: "received",
      paymentState: "not_required",
      totalCents: 1298 + 3 * 699,
      itemCount: 5,
    });
    expect(listed[0]?.lines).toHaveLength(2);
    expect(listed[0]?.createdAt).toBe(second.order.createdAt);
  });

  it("shows one of the user's orders, and answers 404 for another user's", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const { order } = await json<CreateOrderResponse>(
      await postOrder(alice.cookie, { lines: [charcoal], phone: PHONE }),
    );

    const own = await api(`/api/orders/${order.id}`, { headers: { Cookie: alice.cookie } });
    expect(own.status).toBe(200);
    expect((await json<{ order: Order }>(own)).order).toEqual(order);

    const foreign = await api(`/api/orders/${order.id}`, { headers: { Cookie: bob.cookie } });
    expect(foreign.status).toBe(404);
    expect((await json<ApiErrorBody>(foreign)).error.code).toBe("not_found");
    const bobsList = await json<OrderListResponse>(await api("/api/orders", { headers: { Cookie: bob.cookie } }));
    expect(bobsList.orders).toEqual([]);
  });
});

describe("half-configured Stripe", () => {
  it("refuses orders with a clear logged 500 while the menu keeps working", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { userId, cookie } = await createReturningShopper();
    const halfEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: undefined };
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request("http://localhost:5173/api/orders", orderRequest(cookie, { lines: [charcoal], phone: PHONE })),
      halfEnv,
      ctx,
    );
    expect(response.status).toBe(500);
    expect((await json<ApiErrorBody>(response)).error.code).toBe("payments_misconfigured");
    expect(logged.mock.calls.flat().join(" ")).toContain("STRIPE_WEBHOOK_SECRET is missing");
    expect(await ordersOf(userId)).toHaveLength(0);

    const menu = await app.fetch(new Request("http://localhost:5173/api/categories"), halfEnv, ctx);
    expect(menu.status).toBe(200);
    await waitOnExecutionContext(ctx);
    logged.mockRestore();
  });
});
