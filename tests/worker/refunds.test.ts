import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse } from "#common/orders";
import { RECALL_REFUSALS } from "#common/order-lifecycle";
import type { StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
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
async function paidCardOrder(
  paymentIntent: string | null = `pi_${crypto.randomUUID().slice(0, 10)}`,
  extra: Record<string, unknown> = {},
) {
  const shopper: SignedInUser = await createSignedInUser({
    username: "Mia Chen",
    email: `mia-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  const placed = await post("/api/orders", shopper.cookie, { ...CART, ...extra });
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
    // Claimed for cancellation first, then the refund recorded.
    expect((await eventsOf(orderId)).slice(-2)).toMatchObject([
      {
        status: "cancelled",
        paymentState: "refund_pending",
        actor: "staff",
        actorUserId: barista.userId,
        reason: "Blender broke",
      },
      { status: "cancelled", paymentState: "refunded", actor: "staff", actorUserId: barista.userId },
    ]);
    const [email] = (await emailsOf(orderId)).filter((sent) => sent.kind === "order-cancelled");
    expect(email!.text).toContain("Blender broke");
    expect(email!.text).toContain("We have refunded $16.47");
  });

  it("refunds the tip with the drinks: the whole total the card was charged", async () => {
    const barista = await createBarista();
    const { orderId, totalCents } = await paidCardOrder(undefined, { tip: { cents: 250 } });
    const row = await orderRow(orderId);
    expect(row.tipCents).toBe(250);
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Blender broke",
    });
    expect(response.status).toBe(200);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.form.get("amount")).toBe(String(totalCents));
    expect(totalCents).toBe(row.totalCents);
    expect((await orderRow(orderId)).paymentState).toBe("refunded");
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
    // Claimed for cancellation before the refund: the board shows it for a retry.
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refund_pending" });

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
    const events = await eventsOf(orderId);
    expect(events.filter((event) => event.paymentState === "refund_pending")).toHaveLength(1);
    expect(events.filter((event) => event.paymentState === "refunded")).toHaveLength(1);
    expect((await emailsOf(orderId)).filter((sent) => sent.kind === "order-cancelled")).toHaveLength(1);
  });

  it("leaves the order cancelled and refund_pending when Stripe cannot refund, tells the customer so, and a retry refunds it", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder();
    refundsFail = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Closed early",
    });
    error.mockRestore();
    expect(response.status).toBe(200);
    expect(((await response.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "refund_pending",
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "refund_pending",
      stripeRefundId: null,
    });
    const board = (await (await call("/api/staff/orders", { headers: { Cookie: barista.cookie } })).json()) as {
      orders: { id: string; paymentState: string }[];
    };
    expect(board.orders).toContainEqual(expect.objectContaining({ id: orderId, paymentState: "refund_pending" }));
    const [pending] = await emailsOf(orderId).then((sent) =>
      sent.filter((email) => email.kind.startsWith("order-cancelled")),
    );
    expect(pending!.text).toContain("Your refund of $16.47 has not gone through yet");
    expect(pending!.text).not.toContain("We have refunded");
    expect(pending!.text).not.toContain("Nothing was charged");

    refundsFail = false;
    const retried = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Closed early",
    });
    expect(((await retried.json()) as StaffOrderResponse).order).toMatchObject({ paymentState: "refunded" });
    const sent = await emailsOf(orderId);
    expect(
      sent.map((email) => email.kind).filter((kind) => kind !== "order-shop" && kind !== "order-customer"),
    ).toEqual(["order-cancelled-refund-pending", "order-refunded"]);
    expect(sent.at(-1)!.text).toContain("we have refunded $16.47");
    expect((await eventsOf(orderId)).map((event) => [event.status, event.paymentState]).slice(-2)).toEqual([
      ["cancelled", "refund_pending"],
      ["cancelled", "refunded"],
    ]);
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
    const order = await pickupOrder();
    const response = await atTheCounter(barista, order.id).move({ status: "cancelled", reason: "Closed" });
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
  it("marks a started paid order refunded once (a refund made from Stripe's dashboard), and a replay changes nothing", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const barista = await createBarista();
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" });
    const event = chargeRefunded(paymentIntent!);
    const first = await signedWebhook({ ...event, id: "evt_refund_dashboard_1" });
    expect(await first.json()).toEqual({ received: true, outcome: "refunded" });
    expect(await orderRow(orderId)).toMatchObject({
      paymentState: "refunded",
      stripeRefundId: "re_dashboard",
      status: "preparing",
    });
    const replay = await signedWebhook({ ...event, id: "evt_refund_dashboard_1" });
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    const another = await signedWebhook({ ...event, id: "evt_refund_dashboard_2" });
    expect(await another.json()).toEqual({ received: true, outcome: "no_change" });
    expect((await eventsOf(orderId)).filter((entry) => entry.paymentState === "refunded")).toHaveLength(1);
  });

  it("changes nothing for the shop's own refund, already recorded, and leaves a partly refunded order paid", async () => {
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
    expect(await partial.json()).toEqual({ received: true, outcome: "partly_refunded" });
    expect(await orderRow(partly.orderId)).toMatchObject({
      paymentState: "paid",
      status: "received",
      refundedCents: 100,
    });
  });

  it("acknowledges a refund of a payment it does not know", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await signedWebhook(chargeRefunded("pi_unknown"));
    warn.mockRestore();
    expect(await response.json()).toEqual({ received: true, outcome: "no_change" });
  });
});

/** The customer's e-mails about the cancellation and its refund, by kind. */
async function cancellationEmails(orderId: string) {
  return (await emailsOf(orderId)).filter((email) => email.kind !== "order-shop" && email.kind !== "order-customer");
}

/** A pay-on-pickup order (the shop without Stripe keys), placed by a new shopper. */
async function pickupOrder(shopper?: SignedInUser): Promise<CreateOrderResponse["order"]> {
  const who = shopper ?? (await createSignedInUser());
  const placed = await post("/api/orders", who.cookie, CART, env);
  expect(placed.status).toBe(201);
  return ((await placed.json()) as CreateOrderResponse).order;
}

/** What a barista does to a pay-on-pickup order at the counter. */
function atTheCounter(barista: { cookie: string }, orderId: string) {
  return {
    move: (body: { status: string; reason?: string }) =>
      post(`/api/staff/orders/${orderId}/status`, barista.cookie, body, env),
    collect: () => post(`/api/staff/orders/${orderId}/paid-at-counter`, barista.cookie, {}, env),
  };
}

/** Two requests at once, each sent first in turn (by trial); the answers in the order given. */
async function atOnce<A, B>(trial: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (trial % 2 === 0) return Promise.all([first(), second()]);
  const [b, a] = await Promise.all([second(), first()]);
  return [a, b];
}

describe("money moves only with the state", () => {
  const TRIALS = 8;

  it.each(["cancel first", "preparing first"])(
    "a cancellation racing a move to preparing: refunded if and only if cancelled, and the loser hears the actual state (%s)",
    async (arrival) => {
      const barista = await createBarista();
      for (let trial = 0; trial < TRIALS; trial++) {
        const { orderId } = await paidCardOrder();
        const cancel = () =>
          post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Out of mango" });
        const prepare = () => post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" });
        const refundsBefore = refundCalls().length;
        const [cancelled, prepared] =
          arrival === "cancel first"
            ? await Promise.all([cancel(), prepare()])
            : await Promise.all([prepare(), cancel()]).then(([p, c]) => [c, p] as const);
        const row = await orderRow(orderId);
        const refunds = refundCalls().length - refundsBefore;
        if (row.status === "cancelled") {
          expect(cancelled.status).toBe(200);
          expect(row.paymentState).toBe("refunded");
          expect(refunds).toBe(1);
          expect(prepared.status).toBe(409);
          expect(((await prepared.json()) as ApiErrorBody).error.message).toContain("now cancelled");
          const [email] = await cancellationEmails(orderId);
          expect(email!.text).toContain("We have refunded $16.47");
        } else {
          expect(row).toMatchObject({ status: "preparing", paymentState: "paid", stripeRefundId: null });
          expect(refunds).toBe(0);
          expect(prepared.status).toBe(200);
          expect(cancelled.status).toBe(409);
          expect(((await cancelled.json()) as ApiErrorBody).error).toMatchObject({
            code: "order_changed",
            message: expect.stringContaining("now preparing"),
          });
          expect(await cancellationEmails(orderId)).toEqual([]);
        }
      }
    },
  );

  it("the same race with pay on pickup: the loser hears the actual state, never a move that is allowed", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < TRIALS; trial++) {
      const order = await pickupOrder();
      const counter = atTheCounter(barista, order.id);
      const [cancelled, prepared] = await atOnce(
        trial,
        () => counter.move({ status: "cancelled", reason: "Closed" }),
        () => counter.move({ status: "preparing" }),
      );
      const row = await orderRow(order.id);
      const [winner, loser] = row.status === "cancelled" ? [cancelled, prepared] : [prepared, cancelled];
      expect(winner.status).toBe(200);
      expect(loser.status).toBe(409);
      expect(((await loser.json()) as ApiErrorBody).error).toMatchObject({
        code: "order_changed",
        message: expect.stringContaining(`now ${row.status}`),
      });
      expect(row.paymentState).toBe("not_required");
    }
    expect(calls).toEqual([]);
  });

  it("Stripe's charge.refunded arriving before the counter records the refund: recorded once, one truthful e-mail", async () => {
    const barista = await createBarista();
    const { orderId, paymentIntent } = await paidCardOrder();
    // Stripe sends its webhook while the refund call is still answering the counter.
    const fakeFetch = vi.mocked(globalThis.fetch).getMockImplementation()!;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const response = await fakeFetch(input, init);
      if (new Request(input, init).url.endsWith("/v1/refunds")) {
        const webhook = await signedWebhook(chargeRefunded(paymentIntent!, { amount_refunded: 1647 }));
        expect(await webhook.json()).toMatchObject({ outcome: "refunded" });
      }
      return response;
    });
    const response = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Power cut",
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
    });
    expect((await eventsOf(orderId)).filter((event) => event.paymentState === "refunded")).toHaveLength(1);
    const emails = await cancellationEmails(orderId);
    expect(emails.map((email) => email.kind)).toEqual(["order-cancelled"]);
    expect(emails[0]!.text).toContain("We have refunded $16.47");
  });

  it("Stripe's charge.refunded for an order left refund_pending: recorded, and the customer hears the refund is made", async () => {
    const barista = await createBarista();
    const { orderId, paymentIntent } = await paidCardOrder();
    refundsFail = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Flood" });
    error.mockRestore();
    const webhook = await signedWebhook(chargeRefunded(paymentIntent!));
    expect(await webhook.json()).toMatchObject({ outcome: "refunded" });
    expect((await orderRow(orderId)).paymentState).toBe("refunded");
    expect((await cancellationEmails(orderId)).map((email) => email.kind)).toEqual([
      "order-cancelled-refund-pending",
      "order-refunded",
    ]);
  });

  it("two baristas cancelling the same paid order at once: one refund, one cancellation e-mail, both see it cancelled", async () => {
    const [first, second] = [await createBarista(), await createBarista()];
    for (let trial = 0; trial < TRIALS / 2; trial++) {
      const { orderId } = await paidCardOrder();
      const refundsBefore = refundCalls().length;
      const answers = await Promise.all(
        [first, second].map((barista) =>
          post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Closed" }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(refundCalls().length - refundsBefore).toBe(1);
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refunded" });
      expect((await cancellationEmails(orderId)).map((email) => email.kind)).toEqual(["order-cancelled"]);
    }
  });

  it("a retry that fails again keeps the refund owed, tells the customer nothing new, and the history shows each attempt", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder();
    refundsFail = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const cancel = () =>
      post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Closed" });
    await cancel();
    const retried = await cancel();
    error.mockRestore();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "refund_pending",
    });
    expect((await cancellationEmails(orderId)).map((email) => email.kind)).toEqual(["order-cancelled-refund-pending"]);
    const attempts = (await eventsOf(orderId)).filter((event) => event.reason === "The card refund did not go through");
    expect(attempts).toHaveLength(2);
    expect(attempts.every((event) => event.actorUserId === barista.userId)).toBe(true);

    // Two retries at once once Stripe is back: one refund, recorded once, one e-mail that it is made.
    refundsFail = false;
    const refundsBefore = refundCalls().length;
    const both = await Promise.all([cancel(), cancel()]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of both) {
      expect(((await answer.json()) as StaffOrderResponse).order.paymentState).toBe("refunded");
    }
    expect(
      new Set(
        refundCalls()
          .slice(refundsBefore)
          .map((refund) => refund.idempotencyKey),
      ).size,
    ).toBe(1);
    expect((await eventsOf(orderId)).filter((event) => event.paymentState === "refunded")).toHaveLength(1);
    expect((await cancellationEmails(orderId)).map((email) => email.kind)).toEqual([
      "order-cancelled-refund-pending",
      "order-refunded",
    ]);
  });

  it("a refund still owed stays on the board, out of Done, and never comes back with a recall; once made, Done says why not", async () => {
    const barista = await createBarista();
    const { orderId } = await paidCardOrder();
    refundsFail = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Leak" });
    error.mockRestore();
    const board = async () =>
      (await (await call("/api/staff/orders", { headers: { Cookie: barista.cookie } })).json()) as StaffOrdersResponse;
    const ids = (orders: { id: string }[]) => orders.map((order) => order.id);

    let now = await board();
    expect(ids(now.orders)).toContain(orderId);
    expect(ids(now.done)).not.toContain(orderId);
    const recall = () => post(`/api/staff/orders/${orderId}/recall`, barista.cookie, {});
    const refused = await recall();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiErrorBody).error).toEqual({
      code: "not_recallable",
      message: RECALL_REFUSALS.refund_pending,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refund_pending" });

    refundsFail = false;
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "cancelled", reason: "Leak" });
    now = await board();
    expect(ids(now.orders)).not.toContain(orderId);
    expect(ids(now.done)).toContain(orderId);
    expect(((await (await recall()).json()) as ApiErrorBody).error.message).toBe(RECALL_REFUSALS.refunded);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refunded" });
  });

  it("a move and a payment at the counter made at once: neither undoes the other", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < TRIALS; trial++) {
      const order = await pickupOrder();
      const counter = atTheCounter(barista, order.id);
      const answers = await atOnce(trial, () => counter.move({ status: "preparing" }), counter.collect);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await orderRow(order.id)).toMatchObject({ status: "preparing", paymentState: "paid_at_counter" });
    }
  });

  it("a cancellation racing a payment at the counter: the e-mail always says where the money really is", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < TRIALS; trial++) {
      const order = await pickupOrder();
      const counter = atTheCounter(barista, order.id);
      const [cancelled] = await atOnce(
        trial,
        () => counter.move({ status: "cancelled", reason: "Closed" }),
        counter.collect,
      );
      const row = await orderRow(order.id);
      const emails = await cancellationEmails(order.id);
      if (row.status !== "cancelled") {
        expect(row.paymentState).toBe("paid_at_counter");
        expect(cancelled.status).toBe(409);
        expect(((await cancelled.json()) as ApiErrorBody).error).toMatchObject({
          code: "order_changed",
          message: expect.stringContaining("now received (paid at the counter)"),
        });
        expect(emails).toEqual([]);
      } else if (row.paymentState === "paid_at_counter") {
        expect(emails[0]!.text).toContain("You paid $16.47 at the counter");
      } else {
        expect(row.paymentState).toBe("not_required");
        expect(emails[0]!.text).toContain("Nothing was charged");
      }
    }
  });

  it("cancelling an order paid at the counter tells the customer it is given back there, not that nothing was charged", async () => {
    const barista = await createBarista();
    const order = await pickupOrder();
    const counter = atTheCounter(barista, order.id);
    await counter.collect();
    const cancelled = await counter.move({ status: "cancelled", reason: "Blender broke" });
    expect(((await cancelled.json()) as StaffOrderResponse).order).toMatchObject({
      status: "cancelled",
      paymentState: "paid_at_counter",
    });
    const [email] = await cancellationEmails(order.id);
    expect(email!.text).toContain("You paid $16.47 at the counter: the shop gives it back to you there.");
    expect(email!.text).not.toContain("Nothing was charged");
    expect(calls).toEqual([]);
  });
});

describe("a refund made from Stripe's dashboard", () => {
  const staffBoard = async (cookie: string) =>
    (await (await call("/api/staff/orders", { headers: { Cookie: cookie } })).json()) as StaffOrdersResponse;

  it("cancels an order nobody has started, tells the customer, and takes it off the board", async () => {
    const barista = await createBarista();
    const { orderId, totalCents, paymentIntent } = await paidCardOrder();
    const response = await signedWebhook(chargeRefunded(paymentIntent!, { amount_refunded: totalCents }));
    expect(await response.json()).toEqual({ received: true, outcome: "cancelled" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      paymentState: "refunded",
      refundedCents: totalCents,
      cancelReason: "Refunded from Stripe's dashboard",
    });
    expect((await eventsOf(orderId)).at(-1)).toMatchObject({
      status: "cancelled",
      previousStatus: "received",
      paymentState: "refunded",
      actor: "payment_provider",
    });
    const emails = await cancellationEmails(orderId);
    expect(emails.map((email) => email.kind)).toEqual(["order-cancelled"]);
    expect(emails[0]!.text).toContain("refunded");
    const listed = await staffBoard(barista.cookie);
    expect(listed.orders.map((order) => order.id)).not.toContain(orderId);
    // Nothing is made from it any more: Start is refused.
    const start = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" });
    expect(start.status).toBe(409);
    // No second refund was asked of Stripe.
    expect(refundCalls()).toHaveLength(0);
  });

  it("leaves a started order on the board as Refunded, for the counter to stop or cancel without refunding again", async () => {
    const barista = await createBarista();
    const { orderId, totalCents, paymentIntent } = await paidCardOrder();
    await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" });
    const response = await signedWebhook(chargeRefunded(paymentIntent!, { amount_refunded: totalCents }));
    expect(await response.json()).toEqual({ received: true, outcome: "refunded" });
    const ticket = (await staffBoard(barista.cookie)).orders.find((order) => order.id === orderId);
    expect(ticket).toMatchObject({ status: "preparing", paymentState: "refunded", refundedCents: totalCents });

    const cancelled = await post(`/api/staff/orders/${orderId}/status`, barista.cookie, {
      status: "cancelled",
      reason: "Refunded from Stripe",
    });
    expect(cancelled.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refunded" });
    expect(refundCalls()).toHaveLength(0);
    // The customer hears of the cancellation, with the refund already made.
    expect((await cancellationEmails(orderId)).at(-1)!.text).toContain("refunded");
  });

  it("shows a partial refund on the ticket and in the history, and the order goes on", async () => {
    const barista = await createBarista();
    const { orderId, paymentIntent } = await paidCardOrder();
    const response = await signedWebhook(chargeRefunded(paymentIntent!, { refunded: false, amount_refunded: 250 }));
    expect(await response.json()).toEqual({ received: true, outcome: "partly_refunded" });
    const ticket = (await staffBoard(barista.cookie)).orders.find((order) => order.id === orderId);
    expect(ticket).toMatchObject({ status: "received", paymentState: "paid", refundedCents: 250 });
    expect((await eventsOf(orderId)).at(-1)!.reason).toContain("$2.50 of");
    // A second, larger partial refund updates it; the same amount again changes nothing.
    await signedWebhook(chargeRefunded(paymentIntent!, { refunded: false, amount_refunded: 400 }));
    const again = await signedWebhook(chargeRefunded(paymentIntent!, { refunded: false, amount_refunded: 400 }));
    expect(await again.json()).toEqual({ received: true, outcome: "no_change" });
    expect(await orderRow(orderId)).toMatchObject({ paymentState: "paid", refundedCents: 400, status: "received" });
    expect((await post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" })).status).toBe(
      200,
    );
  });

  it("against Start, ends either cancelled and refunded (Start refused) or started and shown Refunded, never paid", async () => {
    const barista = await createBarista();
    for (let trial = 0; trial < 6; trial += 1) {
      const { orderId, totalCents, paymentIntent } = await paidCardOrder();
      const [refund, start] = await Promise.all([
        signedWebhook(chargeRefunded(paymentIntent!, { amount_refunded: totalCents })),
        post(`/api/staff/orders/${orderId}/status`, barista.cookie, { status: "preparing" }),
      ]);
      const { outcome } = (await refund.json()) as { outcome: string };
      const row = await orderRow(orderId);
      expect(row.paymentState).toBe("refunded");
      if (start.status === 200) {
        expect(outcome).toBe("refunded");
        expect(row.status).toBe("preparing");
        const ticket = (await staffBoard(barista.cookie)).orders.find((order) => order.id === orderId);
        expect(ticket).toMatchObject({ paymentState: "refunded" });
      } else {
        expect(start.status).toBe(409);
        expect(outcome).toBe("cancelled");
        expect(row.status).toBe("cancelled");
      }
      expect((await eventsOf(orderId)).filter((entry) => entry.paymentState === "refunded")).toHaveLength(1);
    }
  });
});
