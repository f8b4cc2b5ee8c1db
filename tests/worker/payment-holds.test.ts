import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { PickupSlot } from "#common/availability";
import type { CreateOrderResponse, OrderResponse } from "#common/orders";
import { app } from "#worker/app";
import { getDb } from "#worker/db/client";
import { emailOutbox, orders } from "#worker/db/schema";
import worker from "#worker/index";
import { placedBy } from "./order-requests";
import { createReturningShopper } from "./sign-in";
import { resetShop, store, useShopClock } from "./store-helpers";
import { checkoutSessionEvent, stripeEventPayload, stripeSignature } from "./stripe-webhooks";

const db = getDb(env.DB);
const MINUTE = 60_000;
const WEBHOOK_SECRET = "whsec_holds";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_holds", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const SHOP_PHONE = "+1 714 215 4499";

interface FakeSession {
  id: string;
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
}

/** Stripe's API as this shop uses it, faked at `fetch`: sessions made, expired and read, and refunds. */
let sessions: Map<string, FakeSession>;
let calls: { method: string; path: string; form: URLSearchParams }[];
let stripeDown: boolean;

beforeEach(() => {
  sessions = new Map();
  calls = [];
  stripeDown = false;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const path = new URL(request.url).pathname;
    const form = new URLSearchParams(await request.text());
    calls.push({ method: request.method, path, form });
    if (stripeDown) return Response.json({ error: { type: "api_error", message: "Stripe is down" } }, { status: 500 });
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (path === "/v1/checkout/sessions" && request.method === "POST") {
      const id = `cs_test_${crypto.randomUUID().slice(0, 8)}`;
      const session: FakeSession = {
        id,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
      };
      sessions.set(id, session);
      return Response.json({ object: "checkout.session", ...session });
    }
    if (expire) {
      const session = sessions.get(expire[1]!);
      if (!session || session.status !== "open") {
        return Response.json(
          {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session?.status}".`,
            },
          },
          { status: 400 },
        );
      }
      session.status = "expired";
      return Response.json({ object: "checkout.session", ...session });
    }
    if (read && request.method === "GET") {
      const session = sessions.get(read[1]!);
      return session
        ? Response.json({ object: "checkout.session", payment_intent: "pi_late", ...session })
        : Response.json({ error: { type: "invalid_request_error", message: "No such session" } }, { status: 404 });
    }
    if (path === "/v1/refunds" && request.method === "POST") {
      return Response.json({
        id: `re_${crypto.randomUUID().slice(0, 8)}`,
        object: "refund",
        status: "succeeded",
        amount: Number(form.get("amount")),
        payment_intent: form.get("payment_intent"),
      });
    }
    return Response.json({ error: { type: "invalid_request_error", message: `Unknown ${path}` } }, { status: 404 });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE status <> 'cancelled'").run();
  await resetShop();
});

async function call(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The cron trigger, as Cloudflare runs it every 5 minutes. */
async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** 12 juices for one pickup slot: the slot's every drink, and one of its places. */
async function placeCardOrder(slot: PickupSlot) {
  const email = `holds-${crypto.randomUUID()}@example.com`;
  const user = { ...(await createReturningShopper({ email })), email };
  const response = await call(
    new Request("http://localhost:5173/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: user.cookie },
      body: JSON.stringify({
        lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 12, note: "" }],
        phone: "+1 714 555 0142",
        pickup: { mode: "slot", startsAt: slot.startsAt },
      }),
    }),
  );
  return { user, response };
}

async function orderRow(orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function slotNow(startsAt: string) {
  return (await store()).pickupSlots.find((slot) => slot.startsAt === startsAt);
}

async function signedWebhook(payload: string): Promise<Response> {
  return call(
    new Request("http://localhost:5173/api/stripe/webhook", {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": await stripeSignature(payload, WEBHOOK_SECRET),
      },
      body: payload,
    }),
  );
}

describe("a card checkout that could not be started holds nothing", () => {
  it("releases the order's place and drinks at once when Stripe cannot be reached (502 payment_unavailable)", async () => {
    useShopClock();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const slot = (await store()).pickupSlots[8]!;
    expect(slot).toMatchObject({ full: false, drinksLeft: 12 });
    stripeDown = true;
    const { response, user } = await placeCardOrder(slot);
    expect(response.status).toBe(502);
    const { error } = (await response.json()) as ApiErrorBody;
    expect(error).toEqual({
      code: "payment_unavailable",
      message: `Card payment is unavailable right now, so your order was not placed and nothing is held for it. Please try again in a few minutes, or call the shop at ${SHOP_PHONE} to order and pay at pickup.`,
    });
    // The slot is as it was: its 12 drinks free for the next shopper.
    expect(await slotNow(slot.startsAt)).toEqual(slot);
    const [row] = await db.select().from(orders).where(placedBy(user.userId));
    expect(row).toMatchObject({ status: "cancelled", paymentState: "not_required", stripeSessionId: null });

    // Once Stripe is back, another shopper takes those drinks.
    stripeDown = false;
    const next = await placeCardOrder(slot);
    expect(next.response.status).toBe(201);
  });
});

describe("a shopper back from Stripe's page without paying", () => {
  async function cancelPayment(cookie: string, orderId: string) {
    return call(
      new Request(`http://localhost:5173/api/orders/${orderId}/payment/cancel`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: cookie },
        body: "{}",
      }),
    );
  }

  it("releases the order at once: its session expired at Stripe, its drinks free for the next attempt", async () => {
    useShopClock();
    const slot = (await store()).pickupSlots[10]!;
    const { response, user } = await placeCardOrder(slot);
    const { order } = (await response.json()) as CreateOrderResponse;
    const sessionId = (await orderRow(order.id)).stripeSessionId!;

    // Someone else cannot release it.
    const stranger = await createReturningShopper();
    expect((await cancelPayment(stranger.cookie, order.id)).status).toBe(404);
    expect((await orderRow(order.id)).status).toBe("received");

    const answer = await cancelPayment(user.cookie, order.id);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as OrderResponse).order).toMatchObject({ id: order.id, status: "cancelled" });
    expect(sessions.get(sessionId)?.status).toBe("expired");
    expect(await slotNow(slot.startsAt)).toEqual(slot);
    // A second tap changes nothing.
    expect((await cancelPayment(user.cookie, order.id)).status).toBe(200);
    expect(calls.filter((entry) => entry.path.endsWith("/expire"))).toHaveLength(1);
  });

  it("leaves an order Stripe says was paid", async () => {
    useShopClock();
    const slot = (await store()).pickupSlots[11]!;
    const { response, user } = await placeCardOrder(slot);
    const { order } = (await response.json()) as CreateOrderResponse;
    Object.assign(sessions.get((await orderRow(order.id)).stripeSessionId!)!, {
      status: "complete",
      payment_status: "paid",
    });
    expect((await cancelPayment(user.cookie, order.id)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "received", paymentState: "pending" });
  });
});

describe("an order waiting for payment holds its place for the Stripe session's lifetime, then the cron releases it", () => {
  it("keeps the hold for 45 minutes, then expires the session at Stripe and frees the slot without any webhook", async () => {
    const clock = useShopClock();
    const slot = (await store()).pickupSlots[12]!;
    const { response } = await placeCardOrder(slot);
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as CreateOrderResponse;
    const sessionId = (await orderRow(order.id)).stripeSessionId!;
    expect(await slotNow(slot.startsAt)).toEqual({ ...slot, drinksLeft: 0 });

    // 44 minutes on: the shopper may still be paying.
    clock.advance(44 * MINUTE);
    await runCron();
    expect(calls.filter((entry) => entry.path.endsWith("/expire"))).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: "received", paymentState: "pending" });
    expect((await slotNow(slot.startsAt))?.drinksLeft).toBe(0);

    // 46 minutes on: the session's lifetime is over. Stripe never called.
    clock.advance(2 * MINUTE);
    await runCron();
    expect(calls.filter((entry) => entry.path === `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(sessions.get(sessionId)?.status).toBe("expired");
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentState: "not_required" });
    expect(await slotNow(slot.startsAt)).toEqual(slot);

    // A second run finds nothing left to release.
    await runCron();
    expect(calls.filter((entry) => entry.path.endsWith("/expire"))).toHaveLength(1);
  });

  it("holds an as-soon-as-possible order's place in the queue while it awaits payment, and gives it back on release", async () => {
    const clock = useShopClock();
    const before = Date.parse((await store()).asapReadyAt!) - clock.now().getTime();
    const user = await createReturningShopper();
    const response = await call(
      new Request("http://localhost:5173/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: user.cookie },
        body: JSON.stringify({
          lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 10, note: "" }],
          phone: "+1 714 555 0142",
        }),
      }),
    );
    expect(response.status).toBe(201);
    // Ten juices at 3 minutes: the next shopper's "as soon as possible" is 30 minutes later.
    const queued = Date.parse((await store()).asapReadyAt!) - clock.now().getTime();
    expect(queued - before).toBe(30 * MINUTE);
    clock.advance(46 * MINUTE);
    await runCron();
    expect(Date.parse((await store()).asapReadyAt!) - clock.now().getTime()).toBe(before);
  });

  it("releases a hold even when Stripe cannot be reached to expire its session", async () => {
    const clock = useShopClock();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const slot = (await store()).pickupSlots[14]!;
    const { response } = await placeCardOrder(slot);
    const { order } = (await response.json()) as CreateOrderResponse;
    clock.advance(46 * MINUTE);
    stripeDown = true;
    await runCron();
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentState: "not_required" });
    expect(await slotNow(slot.startsAt)).toEqual(slot);
  });

  it("leaves an order whose session Stripe says is already paid for the payment's webhook", async () => {
    const clock = useShopClock();
    const slot = (await store()).pickupSlots[16]!;
    const { response } = await placeCardOrder(slot);
    const { order } = (await response.json()) as CreateOrderResponse;
    const session = sessions.get((await orderRow(order.id)).stripeSessionId!)!;
    Object.assign(session, { status: "complete", payment_status: "paid" });
    clock.advance(46 * MINUTE);
    await runCron();
    expect(await orderRow(order.id)).toMatchObject({ status: "received", paymentState: "pending" });
    expect((await slotNow(slot.startsAt))?.drinksLeft).toBe(0);
  });

  it("refunds a payment that arrives after the release, and tells the shopper by e-mail", async () => {
    const clock = useShopClock();
    const slot = (await store()).pickupSlots[18]!;
    const { response, user } = await placeCardOrder(slot);
    const { order } = (await response.json()) as CreateOrderResponse;
    const row = await orderRow(order.id);
    clock.advance(46 * MINUTE);
    await runCron();
    expect((await orderRow(order.id)).status).toBe("cancelled");

    const payload = stripeEventPayload(
      checkoutSessionEvent(
        "checkout.session.completed",
        { id: order.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
        { payment_intent: "pi_late" },
      ),
    );
    const answer = await signedWebhook(payload);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: "refunded" });
    const refunds = calls.filter((entry) => entry.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get("payment_intent")).toBe("pi_late");
    expect(refunds[0]!.form.get("amount")).toBe(String(row.totalCents));
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      stripePaymentIntentId: "pi_late",
    });
    // The slot stays free: the order is not revived.
    expect(await slotNow(slot.startsAt)).toEqual(slot);

    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(emails.map((email) => email.kind)).toEqual(["order-late-payment-refunded"]);
    expect(emails[0]!.recipient).toBe(user.email);
    expect(emails[0]!.text).toContain("refunded");
    expect(emails[0]!.text).toContain("after the 45 minutes");

    // Stripe sends the event again: one refund, one e-mail.
    expect(await (await signedWebhook(payload)).json()).toEqual({ received: true, outcome: "duplicate" });
    const again = stripeEventPayload(
      checkoutSessionEvent(
        "checkout.session.async_payment_succeeded",
        { id: order.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
        { payment_intent: "pi_late" },
      ),
    );
    expect((await signedWebhook(again)).status).toBe(200);
    expect(calls.filter((entry) => entry.path === "/v1/refunds")).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).toHaveLength(1);
  });
});
