import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoyaltyResponse } from "#common/loyalty";
import type { CreateOrderResponse } from "#common/orders";
import { app } from "#worker/app";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { checkoutSessionEvent, stripeEventPayload, stripeSignature } from "./stripe-webhooks";
import { ORIGIN, orderRow, setOrderState } from "./staff-fixtures";

// A refund takes back the stamps its order earned, in proportion to the drinks' money refunded,
// rounded down. Stripe is faked at `fetch` (the Checkout Session) and at its webhook (the refund
// made from Stripe's dashboard).

const WEBHOOK_SECRET = "whsec_stamp_refunds";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_stamps", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

// Five Sunrise Oranges (medium) and a 10% tip: five stamps once completed.
const FIVE_DRINKS = {
  lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 5, note: "" }],
  phone: "+1 714 555 0142",
  tip: { percent: 10 },
};

beforeEach(() => {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const id = `cs_test_${crypto.randomUUID().slice(0, 8)}`;
    return Response.json({
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: "open",
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, ORIGIN), init), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function webhook(event: Record<string, unknown>): Promise<void> {
  const payload = stripeEventPayload(event);
  const response = await call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  expect(response.status).toBe(200);
}

/** A card order of FIVE_DRINKS, paid at Stripe and handed over: its five stamps are earned. */
async function completedCardOrder(shopper: SignedInUser) {
  const barista = await createBarista();
  const placed = await call("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
    body: JSON.stringify(FIVE_DRINKS),
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as CreateOrderResponse;
  const row = await orderRow(order.id);
  const paymentIntent = `pi_${crypto.randomUUID().slice(0, 10)}`;
  await webhook(
    checkoutSessionEvent(
      "checkout.session.completed",
      { id: order.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
      { payment_intent: paymentIntent },
    ),
  );
  await setOrderState(order.id, "ready");
  const done = await call(`/api/staff/orders/${order.id}/status`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: barista.cookie },
    body: JSON.stringify({ status: "completed" }),
  });
  expect(done.status).toBe(200);
  return { orderId: order.id, paymentIntent, row: await orderRow(order.id) };
}

/** Stripe's word that `amountRefunded` of the payment has been refunded so far (from its dashboard). */
function refunded(paymentIntent: string, amountRefunded: number, whole = false) {
  return webhook({
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${crypto.randomUUID().slice(0, 10)}`,
        object: "charge",
        payment_intent: paymentIntent,
        refunded: whole,
        amount_refunded: amountRefunded,
        refunds: { object: "list", data: [{ id: `re_${crypto.randomUUID().slice(0, 8)}`, object: "refund" }] },
      },
    },
  });
}

async function stampsOf(shopper: SignedInUser): Promise<LoyaltyResponse> {
  return (await call("/api/loyalty", { headers: { Cookie: shopper.cookie } })).json() as Promise<LoyaltyResponse>;
}

const newShopper = () =>
  createSignedInUser({ username: "Refunded Regular", email: `refund-${crypto.randomUUID().slice(0, 8)}@example.com` });

describe("a refund of a completed order", () => {
  it("removes stamps in proportion to the drinks' money refunded, rounded down, once per refund", async () => {
    const shopper = await newShopper();
    const { paymentIntent, row } = await completedCardOrder(shopper);
    expect((await stampsOf(shopper)).stamps).toBe(5);

    // Half the drinks' money: 2.5 of 5 stamps' worth, so 2 go.
    const half = Math.floor(row.subtotalCents / 2);
    await refunded(paymentIntent, half);
    await refunded(paymentIntent, half); // Stripe sends the same news again.
    const card = await stampsOf(shopper);
    expect(card.stamps).toBe(3);
    expect(card.history[0]).toMatchObject({ kind: "refunded", stamps: -2 });
  });

  it("counts a refund against the drinks first, and a full refund removes every stamp and no more", async () => {
    const shopper = await newShopper();
    const { paymentIntent, row } = await completedCardOrder(shopper);
    // All the drinks' money but not the tip: every stamp goes.
    await refunded(paymentIntent, row.subtotalCents);
    expect((await stampsOf(shopper)).stamps).toBe(0);
    await refunded(paymentIntent, row.totalCents, true);
    const card = await stampsOf(shopper);
    expect(card.stamps).toBe(0);
    expect(card.history.map((entry) => [entry.kind, entry.stamps])).toEqual([
      ["refunded", -5],
      ["earned", 5],
    ]);
  });

  it("removes nothing for a tip-sized refund that leaves less than a drink's share refunded", async () => {
    const shopper = await newShopper();
    const { paymentIntent, row } = await completedCardOrder(shopper);
    await refunded(paymentIntent, Math.floor(row.subtotalCents / 5) - 1);
    expect((await stampsOf(shopper)).stamps).toBe(5);
  });
});
