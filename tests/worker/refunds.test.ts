import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrderResponse } from "#common/staff-orders";
import { app } from "#worker/app";
import { expectStampedSince } from "./helpers";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import type { BoardOrderMessage } from "#common/live-updates";
import { openSocket } from "./live-sockets";
import { checkoutSessionEvent, stripeEventPayload, stripeSignature } from "./stripe-webhooks";
import { CART, emailsOf, eventsOf, ORIGIN, orderRow } from "./staff-fixtures";

// Card orders cancelled by the shop are refunded through Stripe's Refunds API, faked here at
// `fetch`: it answers a repeated Idempotency-Key with the refund it already made, as Stripe does.

const WEBHOOK_SECRET = "whsec_refunds";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_refunds", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

let calls: StripeCall[] = [];
let refundsFail = false;
const refundsByKey = new Map<string, { id: string; amount: number; payment_intent: string }>();

beforeEach(() => {
  calls = [];
  refundsFail = false;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const url = new URL(request.url);
    const call: StripeCall = {
      method: request.method,
      path: url.pathname,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      form: new URLSearchParams(await request.text()),
    };
    calls.push(call);
    if (call.path === "/v1/checkout/sessions" && call.method === "POST") {
      const id = `cs_test_${crypto.randomUUID().slice(0, 8)}`;
      return Response.json({
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
      });
    }
    if (call.path.startsWith("/v1/checkout/sessions/") && call.method === "GET") {
      return Response.json({
        id: call.path.split("/").at(-1),
        object: "checkout.session",
        payment_intent: "pi_from_session",
      });
    }
    if (call.path === "/v1/refunds" && call.method === "POST") {
      if (refundsFail)
        return Response.json({ error: { type: "api_error", message: "Stripe is down" } }, { status: 500 });
      const key = call.idempotencyKey ?? crypto.randomUUID();
      let refund = refundsByKey.get(key);
      if (!refund) {
        refund = {
          id: `re_${crypto.randomUUID().slice(0, 12)}`,
          amount: Number(call.form.get("amount")),
          payment_intent: call.form.get("payment_intent")!,
        };
        refundsByKey.set(key, refund);
      }
      return Response.json({ object: "refund", status: "succeeded", currency: "usd", ...refund });
    }
    return Response.json(
      { error: { type: "invalid_request_error", message: `No fake for ${call.method} ${call.path}` } },
      { status: 404 },
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const refundCalls = () => calls.filter((call) => call.path === "/v1/refunds");

async function call(path: string, init: RequestInit, environment: typeof env = stripeEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, ORIGIN), init), environment, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function post(path: string, cookie: string, body: unknown, environment?: typeof env) {
  return call(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
      body: JSON.stringify(body),
    },
    environment,
  );
}

async function signedWebhook(event: Record<string, unknown>): Promise<Response> {
  const payload = stripeEventPayload(event);
  const signature = await stripeSignature(payload, WEBHOOK_SECRET);
  return call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

/** Stripe's word that the order's Checkout Session was paid, with `paymentIntent`. */
async function paidSession(orderId: string, paymentIntent: string | null) {
  const row = await orderRow(orderId);
  return checkoutSessionEvent(
    "checkout.session.completed",
    { id: orderId, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
    { payment_intent: paymentIntent },
  );
}

/** A card order, paid: placed by a shopper, then completed at Stripe (the webhook names its payment intent). */
async function paidCardOrder(paymentIntent: string | null = `pi_${crypto.randomUUID().slice(0, 10)}`) {
  const shopper: SignedInUser = await createSignedInUser({
    username: "Mia Chen",
    email: `mia-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  const placed = await post("/api/orders", shopper.cookie, CART);
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as CreateOrderResponse;
  const row = await orderRow(order.id);
  const paid = await signedWebhook(await paidSession(order.id, paymentIntent));
  expect(await paid.json()).toMatchObject({ outcome: "paid" });
  return { orderId: order.id, totalCents: row.totalCents, paymentIntent };
}

function chargeRefunded(paymentIntent: string, overrides: Record<string, unknown> = {}) {
  return {
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${crypto.randomUUID().slice(0, 10)}`,
        object: "charge",
        payment_intent: paymentIntent,
        refunded: true,
        amount_refunded: 1647,
        refunds: { object: "list", data: [{ id: "re_dashboard", object: "refund" }] },
        ...overrides,
      },
    },
  };
}

describe("cancelling a paid card order refunds it", () => {
  it("refunds the full amount once, with a key derived from the order, and records and e-mails the refund", async () => {
    const barista = await createBarista();
    const { orderId, totalCents, paymentIntent } = await paidCardOrder();
    expect((await orderRow(orderId)).stripePaymentIntentId).toBe(paymentIntent);

    const before = Date.now();
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Blender broke",
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      cancelReason: "Blender broke",
    });

    expect(refundCalls()).toHaveLength(1);
    const [refund] = refundCalls();
    expect(refund!.idempotencyKey).toBe(`squeeze-order-${orderId}-refund`);
    expect(refund!.form.get("payment_intent")).toBe(paymentIntent);
    expect(refund!.form.get("amount")).toBe(String(totalCents));

    const row = await orderRow(orderId);
    expect(row).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    expectStampedSince(row.refundedAt, before);
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      actor: "staff",
      actorUserId: barista.userId,
      reason: "Blender broke",
    });
    const [email] = (await emailsOf(orderId)).filter((sent) => sent.kind === "order-cancelled");
    expect(email!.text).toContain("Blender broke");
    expect(email!.text).toContain("We have refunded $16.47");
  });

  it("never refunds twice: a retry after the refund but before the write gets Stripe's same refund", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder();
    // The refund goes through at Stripe, then the write fails (the outbox is down for a moment).
    await env.DB.prepare(
      "CREATE TRIGGER refuse_cancel_email BEFORE INSERT ON email_outbox WHEN NEW.kind = 'order-cancelled' BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END",
    ).run();
    try {
      const failed = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
        status: "cancelled",
        reason: "No staff",
      });
      expect(failed.status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_cancel_email").run();
    }
    expect((await orderRow(orderId)).paymentState).toBe("paid");

    const retried = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "No staff",
    });
    expect(retried.status).toBe(200);
    const again = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "No staff",
    });
    expect(again.status).toBe(200);

    const keys = refundCalls().map((refund) => refund.idempotencyKey);
    expect(keys).toEqual([`squeeze-order-${orderId}-refund`, `squeeze-order-${orderId}-refund`]);
    expect(
      new Set(
        [...refundsByKey.values()]
          .filter((refund) => refund.payment_intent === refundCalls()[0]!.form.get("payment_intent"))
          .map((refund) => refund.id),
      ).size,
    ).toBe(1);
    expect((await eventsOf(orderId)).filter((event) => event.status === "cancelled")).toHaveLength(1);
    expect((await emailsOf(orderId)).filter((sent) => sent.kind === "order-cancelled")).toHaveLength(1);
  });

  it("keeps the order as it was when Stripe cannot refund, and says so", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder();
    refundsFail = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Closed early",
    });
    error.mockRestore();
    expect(response.status).toBe(502);
    expect((await response.json()) as ApiErrorBody).toMatchObject({ error: { code: "refund_failed" } });
    expect(await orderRow(orderId)).toMatchObject({ status: "received", paymentState: "paid", stripeRefundId: null });
  });

  it("finds the payment through the Checkout Session for an order paid before payment intents were recorded", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder(null);
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Sold out",
    });
    expect(response.status).toBe(200);
    expect(refundCalls()[0]!.form.get("payment_intent")).toBe("pi_from_session");
  });

  it("cancels a pay-on-pickup order without any payment step", async () => {
    const barista = await createBarista();
    const shopper = await createSignedInUser();
    const placed = await post("/api/orders", shopper.cookie, CART, env);
    const { order } = (await placed.json()) as CreateOrderResponse;
    const response = await post(
      `/api/staff/orders/${order.id}/status`,
      barista.cookie,
      { status: "cancelled", reason: "Closed" },
      env,
    );
    expect(((await response.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "not_required",
    });
    expect(calls).toEqual([]);
  });
});

describe("a card order and the board", () => {
  it("reaches the open boards only once Stripe says it is paid", async () => {
    const board = await openSocket("/api/live/board", (await createBarista()).cookie);
    try {
      const shopper = await createSignedInUser();
      const placed = await post("/api/orders", shopper.cookie, CART);
      const { order } = (await placed.json()) as CreateOrderResponse;
      // Awaiting payment: not on the board.
      expect(await board.quietFor(300)).toEqual([]);
      await signedWebhook(await paidSession(order.id, "pi_board"));
      const arrived = await board.next<BoardOrderMessage>(
        (message) => message.type === "order" && message.order.id === order.id,
      );
      expect(arrived.order).toMatchObject({ status: "received", paymentState: "paid", paymentMode: "stripe" });
    } finally {
      board.close();
    }
  });
});

describe("charge.refunded from Stripe", () => {
  it("marks a paid order refunded once (a refund made from Stripe's dashboard), and a replay changes nothing", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const event = chargeRefunded(paymentIntent!);
    const first = await signedWebhook({ ...event, id: "evt_refund_dashboard_1" });
    expect(await first.json()).toEqual({ received: true, outcome: "refunded" });
    expect(await orderRow(orderId)).toMatchObject({
      paymentState: "refunded",
      stripeRefundId: "re_dashboard",
      status: "received",
    });
    const replay = await signedWebhook({ ...event, id: "evt_refund_dashboard_1" });
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    const another = await signedWebhook({ ...event, id: "evt_refund_dashboard_2" });
    expect(await another.json()).toEqual({ received: true, outcome: "no_change" });
    expect((await eventsOf(orderId)).filter((entry) => entry.paymentState === "refunded")).toHaveLength(1);
  });

  it("changes nothing for the shop's own refund, already recorded, nor for a partial refund", async () => {
    const barista = await createBarista();
    const { orderId, paymentIntent } = await paidCardOrder();
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Closed" });
    const refundId = (await orderRow(orderId)).stripeRefundId;
    const echoed = await signedWebhook(chargeRefunded(paymentIntent!));
    expect(await echoed.json()).toEqual({ received: true, outcome: "no_change" });
    expect((await orderRow(orderId)).stripeRefundId).toBe(refundId);

    const partly = await paidCardOrder();
    const partial = await signedWebhook(
      chargeRefunded(partly.paymentIntent!, { refunded: false, amount_refunded: 100 }),
    );
    expect(await partial.json()).toEqual({ received: true, outcome: "no_change" });
    expect((await orderRow(partly.orderId)).paymentState).toBe("paid");
  });

  it("acknowledges a refund of a payment it does not know", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await signedWebhook(chargeRefunded("pi_unknown"));
    warn.mockRestore();
    expect(await response.json()).toEqual({ received: true, outcome: "no_change" });
  });
});
