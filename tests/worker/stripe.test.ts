import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse, Order } from "#common/orders";
import { app } from "#worker/app";
import { getDb } from "#worker/db/client";
import { emailOutbox, orderEvents, orders, paymentEvents } from "#worker/db/schema";
import { expectStampedSince } from "./helpers";
import { createSignedInUser } from "./sign-in";
import { checkoutSessionEvent, stripeEventPayload, stripeSignature, type SessionOrder } from "./stripe-webhooks";

const db = getDb(env.DB);
const WEBHOOK_SECRET = "whsec_x";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const PHONE = "+1 714 555 0199";

interface StripeCall {
  url: string;
  method: string;
  headers: Headers;
  form: URLSearchParams;
}

let stripeCalls: StripeCall[] = [];
let stripeFails = false;
let sessionCounter = 0;
/** Stripe answers a repeated idempotency key with the session it already made. */
const sessionsByIdempotencyKey = new Map<string, { id: string; url: string }>();

beforeEach(() => {
  stripeCalls = [];
  stripeFails = false;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const call: StripeCall = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      form: new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())),
    };
    stripeCalls.push(call);
    if (stripeFails) {
      return Response.json({ error: { type: "api_error", message: "Stripe is having a bad day" } }, { status: 500 });
    }
    if (new URL(call.url).pathname === "/v1/refunds") {
      const amount = Number(call.form.get("amount"));
      return Response.json({ id: `re_${sessionCounter}`, object: "refund", status: "succeeded", amount });
    }
    const key = call.headers.get("Idempotency-Key") ?? crypto.randomUUID();
    let session = sessionsByIdempotencyKey.get(key);
    if (!session) {
      sessionCounter += 1;
      const id = `cs_test_${sessionCounter}_${crypto.randomUUID().slice(0, 8)}`;
      session = { id, url: `https://checkout.stripe.com/c/pay/${id}` };
      sessionsByIdempotencyKey.set(key, session);
    }
    return Response.json(
      { id: session.id, object: "checkout.session", url: session.url, status: "open", payment_status: "unpaid" },
      { headers: { "Request-Id": `req_${sessionCounter}` } },
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function call(request: Request, environment: typeof env = stripeEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, environment, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function orderPost(cookie: string, body: unknown, idempotencyKey?: string): Request {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Origin: "http://localhost:5173",
    Cookie: cookie,
  };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  return new Request("http://localhost:5173/api/orders", { method: "POST", headers, body: JSON.stringify(body) });
}

const cart = {
  lines: [
    { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "less ice" },
    { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
  ],
  phone: PHONE,
  // Tampered: the session must be priced from the menu, not from this.
  displayedTotalCents: 1,
};
// Sunrise Orange medium 6.49 (sale price) × 2 + Ginger Fire Shot 3.49 (sale price).
const CART_TOTAL = 2 * 649 + 349;

async function placeStripeOrder(idempotencyKey?: string) {
  const user = await createSignedInUser({ email: `stripe-${crypto.randomUUID()}@example.com` });
  const response = await call(orderPost(user.cookie, cart, idempotencyKey));
  const body = (await response.json()) as CreateOrderResponse;
  return { user, response, body };
}

async function orderRow(orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function emailCount(orderId: string): Promise<number> {
  return (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).length;
}

async function webhook(payload: string, signature?: string, environment: typeof env = stripeEnv): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (signature !== undefined) headers["Stripe-Signature"] = signature;
  return call(
    new Request("http://localhost:5173/api/stripe/webhook", { method: "POST", headers, body: payload }),
    environment,
  );
}

function sessionEvent(type: string, order: SessionOrder, overrides: Record<string, unknown> = {}): string {
  return stripeEventPayload(checkoutSessionEvent(type, order, overrides));
}

async function signedWebhook(payload: string): Promise<Response> {
  return webhook(payload, await stripeSignature(payload, WEBHOOK_SECRET));
}

async function pendingOrder() {
  const { body } = await placeStripeOrder();
  const row = await orderRow(body.order.id);
  return { id: row.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents };
}

describe("POST /api/orders with Stripe configured", () => {
  it("creates the order pending payment and answers the Checkout Session's URL", async () => {
    const { response, body, user } = await placeStripeOrder();
    expect(response.status).toBe(201);
    expect(body.order).toMatchObject({ status: "received", paymentState: "pending" });
    expect(body.order.paymentMode).toBe("stripe");
    expect(body.order.totalCents).toBe(CART_TOTAL);
    expect(body.totalChanged).toBe(true);
    expect(body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const row = await orderRow(body.order.id);
    expect(row).toMatchObject({
      status: "received",
      paymentState: "pending",
      paymentMode: "stripe",
      userId: user.userId,
    });
    expect(body.paymentUrl).toContain(row.stripeSessionId!);
    // Nothing is sent before Stripe says the order is paid.
    expect(await emailCount(body.order.id)).toBe(0);
  });

  it("builds the session from the server's prices, with return URLs, metadata and an order-derived idempotency key", async () => {
    const { body } = await placeStripeOrder();
    expect(stripeCalls).toHaveLength(1);
    const [stripeCall] = stripeCalls;
    expect(stripeCall!.method).toBe("POST");
    expect(stripeCall!.url).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(stripeCall!.headers.get("Authorization")).toBe("Bearer sk_test_x");
    expect(stripeCall!.headers.get("Idempotency-Key")).toContain(body.order.id);

    const form = Object.fromEntries(stripeCall!.form);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "649",
      "line_items[0][price_data][product_data][name]": "Sunrise Orange (medium)",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "349",
      "line_items[1][price_data][product_data][name]": "Ginger Fire Shot",
      success_url: `http://localhost:5173/checkout?payment=success&order=${body.order.id}`,
      cancel_url: `http://localhost:5173/checkout?payment=cancelled&order=${body.order.id}`,
      client_reference_id: body.order.id,
      "metadata[orderId]": body.order.id,
    });
    expect(form["line_items[2][quantity]"]).toBeUndefined();
  });

  it("charges a delivery's fee at Stripe as its own line, in the order's total", async () => {
    const user = await createSignedInUser({ email: `stripe-${crypto.randomUUID()}@example.com` });
    const response = await call(
      orderPost(user.cookie, { ...cart, fulfilment: "delivery", street: "1200 W Lincoln Ave", zip: "92805" }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as CreateOrderResponse;
    expect(body.order.totalCents).toBe(CART_TOTAL + 399);
    const form = Object.fromEntries(stripeCalls[0]!.form);
    expect(form).toMatchObject({
      "line_items[2][quantity]": "1",
      "line_items[2][price_data][unit_amount]": "399",
      "line_items[2][price_data][product_data][name]": "Delivery",
    });
  });

  it("charges a tip at Stripe as its own line after the delivery fee, in the order's total", async () => {
    const user = await createSignedInUser({ email: `stripe-${crypto.randomUUID()}@example.com` });
    const response = await call(
      orderPost(user.cookie, {
        ...cart,
        fulfilment: "delivery",
        street: "1200 W Lincoln Ave",
        zip: "92805",
        tip: { percent: 20 },
      }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as CreateOrderResponse;
    // 20% of the drinks alone ($16.47), not of the delivery fee: $3.294 → $3.29.
    expect(body.order.tipCents).toBe(329);
    expect(body.order.totalCents).toBe(CART_TOTAL + 399 + 329);
    const form = Object.fromEntries(stripeCalls[0]!.form);
    expect(form).toMatchObject({
      "line_items[2][price_data][product_data][name]": "Delivery",
      "line_items[3][quantity]": "1",
      "line_items[3][price_data][unit_amount]": "329",
      "line_items[3][price_data][product_data][name]": "Tip",
    });
  });

  it("records the Checkout Session it opened with a history row of its own, the order's status unchanged", async () => {
    const since = Date.now();
    const { body, user } = await placeStripeOrder();
    const row = await orderRow(body.order.id);
    expect(row.stripeSessionId).toMatch(/^cs_test_/);
    expectStampedSince(row.updatedAt, since);
    const history = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, body.order.id))
      .orderBy(orderEvents.id);
    expect(
      history.map(({ status, previousStatus, paymentState, actor, actorUserId, reason }) => ({
        status,
        previousStatus,
        paymentState,
        actor,
        actorUserId,
        reason,
      })),
    ).toEqual([
      {
        status: "received",
        previousStatus: null,
        paymentState: "pending",
        actor: "customer",
        actorUserId: user.userId,
        reason: null,
      },
      {
        status: "received",
        previousStatus: "received",
        paymentState: "pending",
        actor: "customer",
        actorUserId: user.userId,
        reason: "Card checkout opened at Stripe.",
      },
    ]);
    expect(history[1]!.createdAt).toBe(row.updatedAt);
  });

  it("answers a retried submission with the same order and the same session, not a second one", async () => {
    const key = crypto.randomUUID();
    const { body, user } = await placeStripeOrder(key);
    const retry = await call(orderPost(user.cookie, cart, key));
    expect(retry.status).toBe(200);
    const retried = (await retry.json()) as CreateOrderResponse;
    expect(retried.order.id).toBe(body.order.id);
    expect(retried.paymentUrl).toBe(body.paymentUrl);
    expect(await db.select().from(orders).where(eq(orders.userId, user.userId))).toHaveLength(1);
    // Both asks carried the same Stripe idempotency key.
    expect(new Set(stripeCalls.map((c) => c.headers.get("Idempotency-Key"))).size).toBe(1);
  });

  it("answers 502 when Stripe fails, releasing the order at once so a new attempt can pay", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    stripeFails = true;
    const key = crypto.randomUUID();
    const { response, body, user } = await placeStripeOrder(key);
    expect(response.status).toBe(502);
    expect((body as unknown as ApiErrorBody).error.code).toBe("payment_unavailable");
    expect(logged).toHaveBeenCalled();
    // Nothing is held for an order nobody can pay (tests/worker/payment-holds.test.ts).
    const [released] = await db.select().from(orders).where(eq(orders.userId, user.userId));
    expect(released).toMatchObject({ status: "cancelled", paymentState: "not_required" });

    // The same key answers the released order, without a payment page; a new attempt pays.
    stripeFails = false;
    const replay = (await (await call(orderPost(user.cookie, cart, key))).json()) as CreateOrderResponse;
    expect(replay.order.status).toBe("cancelled");
    expect(replay.paymentUrl).toBeUndefined();
    const retry = await call(orderPost(user.cookie, cart, crypto.randomUUID()));
    expect(retry.status).toBe(201);
    const retried = (await retry.json()) as CreateOrderResponse;
    expect(retried.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(await db.select().from(orders).where(eq(orders.userId, user.userId))).toHaveLength(2);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const order = await pendingOrder();
    const payload = sessionEvent("checkout.session.completed", order);
    const forged = await stripeSignature(payload, "whsec_not_the_real_one");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bad = await webhook(payload, forged);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.code).toBe("invalid_signature");
    expect((await webhook(payload)).status).toBe(400);

    // A body altered after signing fails too: the signature covers the raw bytes.
    const signed = await stripeSignature(payload, WEBHOOK_SECRET);
    expect((await webhook(payload.replace(String(order.totalCents), "1"), signed)).status).toBe(400);
    warn.mockRestore();

    expect((await orderRow(order.id)).paymentState).toBe("pending");
    expect(await emailCount(order.id)).toBe(0);
  });

  it("marks the order paid on checkout.session.completed and only then queues its two e-mails", async () => {
    const order = await pendingOrder();
    const before = Date.now();
    const response = await signedWebhook(sessionEvent("checkout.session.completed", order));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "paid" });
    const row = await orderRow(order.id);
    expect(row.paymentState).toBe("paid");
    expectStampedSince(row.paidAt, before);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(emails.map((email) => email.kind).sort()).toEqual(["order-customer", "order-shop"]);
    expect(emails.find((email) => email.kind === "order-shop")?.html).toContain("Paid by card");
  });

  it("sends a paid order's copy to its own shop's inbox, naming the shop", async () => {
    const order = await pendingOrder();
    // The order as Squeeze Fullerton's (its own inbox in seed/locations.sql).
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET location_id = 'loc-fullerton' WHERE id = ?").bind(order.id),
      env.DB.prepare("UPDATE order_pickups SET location_id = 'loc-fullerton' WHERE order_id = ?").bind(order.id),
    ]);
    expect((await signedWebhook(sessionEvent("checkout.session.completed", order))).status).toBe(200);
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    const shop = emails.find((email) => email.kind === "order-shop")!;
    expect(shop.recipient).toBe("fullerton@squeeze-juice.example");
    expect(shop.text).toContain("Squeeze Fullerton");
    expect(emails.find((email) => email.kind === "order-customer")!.text).toContain("Squeeze Fullerton");
  });

  it("processes a replayed event once: acknowledged, e-mails not doubled", async () => {
    const order = await pendingOrder();
    const payload = sessionEvent("checkout.session.completed", order);
    expect((await signedWebhook(payload)).status).toBe(200);
    const replay = await signedWebhook(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await emailCount(order.id)).toBe(2);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))).toHaveLength(1);
  });

  it("does not let a late event undo a payment or pay twice", async () => {
    const order = await pendingOrder();
    await signedWebhook(sessionEvent("checkout.session.completed", order));

    // Expired arriving after completed: the order stays paid.
    const expired = await signedWebhook(sessionEvent("checkout.session.expired", order));
    expect(expired.status).toBe(200);
    expect(await expired.json()).toEqual({ received: true, outcome: "no_change" });
    // A second "paid" event (a different id) for an order already paid: nothing new is sent.
    const again = await signedWebhook(sessionEvent("checkout.session.async_payment_succeeded", order));
    expect(again.status).toBe(200);

    expect((await orderRow(order.id)).paymentState).toBe("paid");
    expect(await emailCount(order.id)).toBe(2);
  });

  it("cancels an unpaid order on checkout.session.expired, and a late completion does not revive it", async () => {
    const order = await pendingOrder();
    const expired = await signedWebhook(sessionEvent("checkout.session.expired", order));
    expect(await expired.json()).toEqual({ received: true, outcome: "cancelled" });
    expect((await orderRow(order.id)).status).toBe("cancelled");

    // The money that still arrives is given back, and the shopper told (tests/worker/payment-holds.test.ts).
    const late = await signedWebhook(sessionEvent("checkout.session.completed", order, { payment_intent: "pi_late" }));
    expect(await late.json()).toEqual({ received: true, outcome: "refunded" });
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(stripeCalls.filter((entry) => entry.url.endsWith("/v1/refunds"))).toHaveLength(1);
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).map((e) => e.kind)).toEqual([
      "order-late-payment-refunded",
    ]);
  });

  it("waits for async_payment_succeeded when the session completed without the money yet", async () => {
    const order = await pendingOrder();
    await signedWebhook(sessionEvent("checkout.session.completed", order, { payment_status: "unpaid" }));
    expect((await orderRow(order.id)).paymentState).toBe("pending");
    expect(await emailCount(order.id)).toBe(0);

    await signedWebhook(sessionEvent("checkout.session.async_payment_succeeded", order));
    expect((await orderRow(order.id)).paymentState).toBe("paid");
    expect(await emailCount(order.id)).toBe(2);
  });

  it("acknowledges events it does not act on, and one naming an unknown order", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unrelated = await signedWebhook(
      JSON.stringify({
        id: "evt_unrelated",
        object: "event",
        type: "customer.created",
        data: { object: { id: "cus_1" } },
      }),
    );
    expect(await unrelated.json()).toEqual({ received: true, outcome: "unhandled" });
    const unknown = await signedWebhook(
      sessionEvent("checkout.session.completed", { id: "no-such-order", sessionId: "cs_test_x", totalCents: 100 }),
    );
    expect(unknown.status).toBe(200);
    warn.mockRestore();
  });

  it("shows the paid order to its owner", async () => {
    const { body, user } = await placeStripeOrder();
    const row = await orderRow(body.order.id);
    await signedWebhook(
      sessionEvent("checkout.session.completed", {
        id: row.id,
        sessionId: row.stripeSessionId!,
        totalCents: row.totalCents,
      }),
    );
    const response = await call(
      new Request(`http://localhost:5173/api/orders/${row.id}`, { headers: { Cookie: user.cookie } }),
    );
    expect(((await response.json()) as { order: Order }).order.paymentState).toBe("paid");
  });

  it("is not there when Stripe is not configured", async () => {
    const response = await webhook("{}", "t=1,v1=abc", env);
    expect(response.status).toBe(404);
  });
});
