import { describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { addPromoCode, usesOf } from "./promo-fixtures";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { CART, ORIGIN, orderRow, postStatus } from "./staff-fixtures";
import { callWithStripe, postWithStripe, runCronWithStripe, stripeWebhook, useFakeStripe } from "./stripe-fake";
import { checkoutSessionEvent } from "./stripe-webhooks";

const stripe = useFakeStripe();

function newShopper(): Promise<SignedInUser> {
  return createSignedInUser({ email: `promo-back-${crypto.randomUUID().slice(0, 8)}@example.com` });
}

/** A pay-on-pickup order (no Stripe configured) with the code, placed by `shopper`. */
async function pickupOrder(shopper: SignedInUser, code: string): Promise<string> {
  const response = await api("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
    body: JSON.stringify({ ...CART, promoCode: code }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

/** A card order with the code, awaiting its payment at Stripe. */
async function cardOrder(shopper: SignedInUser, code: string): Promise<string> {
  const response = await postWithStripe("/api/orders", shopper.cookie, { ...CART, promoCode: code });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

/** Stripe's word that the order's checkout was paid with `paymentIntent`. */
async function pay(orderId: string, paymentIntent: string): Promise<void> {
  const row = await orderRow(orderId);
  const event = checkoutSessionEvent(
    "checkout.session.completed",
    { id: orderId, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
    { payment_intent: paymentIntent },
  );
  expect(await json(await stripeWebhook(event))).toMatchObject({ outcome: "paid" });
}

const cancel = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, { status: "cancelled", reason: "Out of an ingredient" });
const recall = (cookie: string, orderId: string) =>
  postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);

async function expectOk(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(200);
}

describe("a promo code's use goes back when its order is cancelled before anyone started it", () => {
  it("cancelled at the counter while received: the use is given back, and the shopper can use a once-each code again", async () => {
    const code = await addPromoCode({ code: "BACKAGAIN", maxUsesPerAccount: 1 });
    const [shopper, barista] = await Promise.all([newShopper(), createBarista()]);
    const orderId = await pickupOrder(shopper, code);
    expect(await usesOf(code)).toBe(1);

    await expectOk(await cancel(barista.cookie, orderId));
    expect(await usesOf(code)).toBe(0);
    await pickupOrder(shopper, code);
    expect(await usesOf(code)).toBe(1);
  });

  it("cancelled after it was started: the use is kept", async () => {
    const code = await addPromoCode({ code: "STARTEDKEEPS" });
    const [shopper, barista] = await Promise.all([newShopper(), createBarista()]);
    const orderId = await pickupOrder(shopper, code);
    await expectOk(await postStatus(barista.cookie, orderId, { status: "preparing" }));
    await expectOk(await cancel(barista.cookie, orderId));
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(1);
  });

  it("a paid card order cancelled by the shop before anyone started it: refunded in full after its discount, and the use given back", async () => {
    const code = await addPromoCode({ code: "CARDCANCEL", amount: 20 });
    const [shopper, barista] = await Promise.all([newShopper(), createBarista()]);
    const orderId = await cardOrder(shopper, code);
    await pay(orderId, `pi_${crypto.randomUUID().slice(0, 10)}`);

    await expectOk(
      await callWithStripe(`/api/staff/orders/${orderId}/status`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: barista.cookie },
        body: JSON.stringify({ status: "cancelled", reason: "Out of an ingredient" }),
      }),
    );
    const row = await orderRow(orderId);
    expect(row.paymentState).toBe("refunded");
    const [refund] = stripe.calls.filter((call) => call.path === "/v1/refunds");
    expect(refund!.form.get("amount")).toBe(String(row.totalCents));
    expect(row.totalCents).toBe(row.subtotalCents - row.discountCents);
    expect(await usesOf(code)).toBe(0);
  });

  it("refunded in full from Stripe's dashboard, which cancels it unstarted: the use is kept", async () => {
    const code = await addPromoCode({ code: "REFUNDKEEPS" });
    const shopper = await newShopper();
    const orderId = await cardOrder(shopper, code);
    const paymentIntent = `pi_${crypto.randomUUID().slice(0, 10)}`;
    await pay(orderId, paymentIntent);
    const { totalCents } = await orderRow(orderId);
    const refunded = await stripeWebhook({
      type: "charge.refunded",
      data: {
        object: {
          id: `ch_${crypto.randomUUID().slice(0, 10)}`,
          object: "charge",
          payment_intent: paymentIntent,
          refunded: true,
          amount_refunded: totalCents,
          refunds: { object: "list", data: [{ id: "re_dashboard", object: "refund" }] },
        },
      },
    });
    expect(await json(refunded)).toMatchObject({ outcome: "cancelled" });
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentState: "refunded" });
    expect(await usesOf(code)).toBe(1);
  });

  it("released unpaid: left at Stripe's page, expired by the cron, or its checkout never opened", async () => {
    const code = await addPromoCode({ code: "HOLDBACK" });
    const shopper = await newShopper();

    const abandoned = await cardOrder(shopper, code);
    await expectOk(await postWithStripe(`/api/orders/${abandoned}/payment/cancel`, shopper.cookie, {}));
    expect((await orderRow(abandoned)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(0);

    const expiring = await cardOrder(shopper, code);
    expect(await usesOf(code)).toBe(1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 46 * 60 * 1000);
    try {
      await runCronWithStripe();
    } finally {
      vi.useRealTimers();
    }
    expect((await orderRow(expiring)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(0);

    stripe.sessionsFail = true;
    const unopened = await postWithStripe("/api/orders", shopper.cookie, { ...CART, promoCode: code });
    expect(unopened.status).toBe(502);
    expect(await usesOf(code)).toBe(0);
  });
});

describe("Recall of a cancelled order takes its use again", () => {
  it("takes the use back with the order", async () => {
    const code = await addPromoCode({ code: "RECALLTAKES", maxUses: 5 });
    const [shopper, barista] = await Promise.all([newShopper(), createBarista()]);
    const orderId = await pickupOrder(shopper, code);
    await expectOk(await cancel(barista.cookie, orderId));
    expect(await usesOf(code)).toBe(0);

    await expectOk(await recall(barista.cookie, orderId));
    expect((await orderRow(orderId)).status).toBe("received");
    expect(await usesOf(code)).toBe(1);
  });

  it("is refused with 409 promo_used_up when the code's last use went to another order meanwhile, and nothing changes", async () => {
    const code = await addPromoCode({ code: "RECALLFULL", maxUses: 1 });
    const [first, second, barista] = await Promise.all([newShopper(), newShopper(), createBarista()]);
    const orderId = await pickupOrder(first, code);
    await expectOk(await cancel(barista.cookie, orderId));
    await pickupOrder(second, code);

    const refused = await recall(barista.cookie, orderId);
    expect(refused.status).toBe(409);
    const { error } = await json<ApiErrorBody>(refused);
    expect(error.code).toBe("promo_used_up");
    expect(error.message).toContain(code);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(1);
  });

  it("of an order cancelled after it was started, which kept its use, counts it once", async () => {
    const code = await addPromoCode({ code: "RECALLKEPT", maxUses: 1 });
    const [shopper, barista] = await Promise.all([newShopper(), createBarista()]);
    const orderId = await pickupOrder(shopper, code);
    await expectOk(await postStatus(barista.cookie, orderId, { status: "preparing" }));
    await expectOk(await cancel(barista.cookie, orderId));

    await expectOk(await recall(barista.cookie, orderId));
    expect((await orderRow(orderId)).status).toBe("preparing");
    expect(await usesOf(code)).toBe(1);
  });
});
