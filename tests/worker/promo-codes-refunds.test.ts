import { describe, expect, it } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import type { NumbersResponse } from "#common/numbers";
import { api, json } from "./helpers";
import { addPromoCode } from "./promo-fixtures";
import { createBarista, createSignedInUser } from "./sign-in";
import { CART, ORIGIN, orderRow, postStatus } from "./staff-fixtures";
import { postWithStripe, stripeWebhook, useFakeStripe } from "./stripe-fake";
import { checkoutSessionEvent } from "./stripe-webhooks";

useFakeStripe();
const ANAHEIM = "loc-anaheim";

/** Today's figures at Anaheim, on the shop's calendar, as the owner reads them. */
async function todaysFigures() {
  const owner = await createSignedInUser({ username: "Olive Owner", email: "owner@example.com" });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  const response = await api(`/api/staff/numbers?from=${today}&to=${today}&location=${ANAHEIM}`, {
    headers: { Cookie: owner.cookie },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json<NumbersResponse>(response)).totals;
}

/** How the figures moved between two readings. */
function moved(before: Awaited<ReturnType<typeof todaysFigures>>, after: typeof before) {
  return {
    refunds: after.refundsCents - before.refundsCents,
    tips: after.tipsCents - before.tipsCents,
    collected: after.totalCollectedCents - before.totalCollectedCents,
  };
}

function chargeRefunded(paymentIntent: string, amountRefunded: number, full: boolean) {
  return {
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${crypto.randomUUID().slice(0, 10)}`,
        object: "charge",
        payment_intent: paymentIntent,
        refunded: full,
        amount_refunded: amountRefunded,
        refunds: { object: "list", data: [{ id: `re_${crypto.randomUUID().slice(0, 8)}`, object: "refund" }] },
      },
    },
  };
}

/** A card order with a 10% code and a $1.00 tip, paid at Stripe. */
async function paidCodedOrder() {
  const code = await addPromoCode({ code: `REFUND${crypto.randomUUID().slice(0, 6).toUpperCase()}`, amount: 10 });
  const shopper = await createSignedInUser({ email: `promo-refund-${crypto.randomUUID().slice(0, 8)}@example.com` });
  const placed = await postWithStripe("/api/orders", shopper.cookie, {
    ...CART,
    locationId: ANAHEIM,
    promoCode: code,
    tip: { cents: 100 },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { order } = await json<CreateOrderResponse>(placed);
  const row = await orderRow(order.id);
  const paymentIntent = `pi_${crypto.randomUUID().slice(0, 10)}`;
  const paid = checkoutSessionEvent(
    "checkout.session.completed",
    { id: order.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents },
    { payment_intent: paymentIntent },
  );
  expect(await json(await stripeWebhook(paid))).toMatchObject({ outcome: "paid" });
  return { orderId: order.id, paymentIntent, row, chargedDrinks: row.subtotalCents - row.discountCents };
}

describe("refunds of a discounted order never give back more than was charged", () => {
  it("a partial refund counts against the drinks as charged after their discount, then the tip; the rest of the total in full", async () => {
    const { paymentIntent, row, chargedDrinks } = await paidCodedOrder();
    expect(row.discountCents).toBeGreaterThan(0);
    const afterSale = await todaysFigures();

    // More than the drinks were charged: the drinks' part stops at what they cost after the discount.
    const partial = chargedDrinks + 40;
    expect(await json(await stripeWebhook(chargeRefunded(paymentIntent, partial, false)))).toMatchObject({
      outcome: "partly_refunded",
    });
    const afterPartial = await todaysFigures();
    expect(moved(afterSale, afterPartial)).toEqual({ refunds: chargedDrinks, tips: -40, collected: -partial });

    // The rest, up to the order's total after its discount (nobody had started it: it is cancelled too).
    expect(await json(await stripeWebhook(chargeRefunded(paymentIntent, row.totalCents, true)))).toMatchObject({
      outcome: "cancelled",
    });
    expect(moved(afterPartial, await todaysFigures())).toEqual({
      refunds: 0,
      tips: -60,
      collected: -(row.totalCents - partial),
    });
  });

  it("a full refund from Stripe's dashboard gives back the order's total after its discount, the drinks as charged", async () => {
    const { paymentIntent, row, chargedDrinks } = await paidCodedOrder();
    const afterSale = await todaysFigures();
    expect(await json(await stripeWebhook(chargeRefunded(paymentIntent, row.totalCents, true)))).toMatchObject({
      outcome: "cancelled",
    });
    expect(moved(afterSale, await todaysFigures())).toEqual({
      refunds: chargedDrinks,
      tips: -100,
      collected: -row.totalCents,
    });
  });

  it("money handed back at the counter for a cancelled coded order is its total after the discount", async () => {
    const code = await addPromoCode({ code: "COUNTERBACK", kind: "amount", amount: 150 });
    const [shopper, barista] = await Promise.all([
      createSignedInUser({ email: `promo-counter-${crypto.randomUUID().slice(0, 8)}@example.com` }),
      createBarista(),
    ]);
    const placed = await api("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
      body: JSON.stringify({ ...CART, locationId: ANAHEIM, promoCode: code }),
    });
    const { order } = await json<CreateOrderResponse>(placed);
    const counter = (path: string) => postStatus(barista.cookie, order.id, {}, `/api/staff/orders/${order.id}/${path}`);
    expect((await counter("paid-at-counter")).status).toBe(200);
    const afterSale = await todaysFigures();
    expect((await postStatus(barista.cookie, order.id, { status: "cancelled", reason: "Customer asked" })).status).toBe(
      200,
    );
    expect((await counter("given-back")).status).toBe(200);
    const row = await orderRow(order.id);
    expect(moved(afterSale, await todaysFigures())).toEqual({
      refunds: row.subtotalCents - 150,
      tips: 0,
      collected: -row.totalCents,
    });
  });
});
