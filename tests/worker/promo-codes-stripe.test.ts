import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CartPricesResponse } from "#common/cart-prices";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { json } from "./helpers";
import { ordersOf } from "./order-requests";
import { addPromoCode, usesOf } from "./promo-fixtures";
import { createBarista, createSignedInUser } from "./sign-in";
import { emailsOf, orderRow, postStatus } from "./staff-fixtures";
import { callWithStripe, postWithStripe, stripeWebhook, useFakeStripe } from "./stripe-fake";
import { checkoutSessionEvent } from "./stripe-webhooks";

const stripe = useFakeStripe();
const ANAHEIM = "loc-anaheim";
const PHONE = "+1 714 555 0142";
// Sunrise Orange medium twice, a Ginger Fire shot once.
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" },
  { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" },
];

async function shopper() {
  return createSignedInUser({ email: `promo-card-${crypto.randomUUID().slice(0, 8)}@example.com` });
}

/** The drinks' subtotal of LINES at the shop, as the cart's prices say. */
async function subtotalOfLines(): Promise<number> {
  const { cookie } = await shopper();
  const response = await postWithStripe("/api/cart-prices", cookie, { locationId: ANAHEIM, lines: LINES });
  const { lines } = await json<CartPricesResponse>(response);
  return lines.reduce(
    (sum, line, index) => sum + ("unitPriceCents" in line ? line.unitPriceCents * LINES[index]!.quantity : 0),
    0,
  );
}

function placeCardOrder(cookie: string, body: Record<string, unknown>, idempotencyKey?: string) {
  return callWithStripe("/api/orders", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:5173",
      Cookie: cookie,
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: JSON.stringify({ lines: LINES, phone: PHONE, locationId: ANAHEIM, ...body }),
  });
}

/** The Checkout Session's line items as Stripe was asked for them. */
function sessionItems(form: URLSearchParams) {
  const items: { name: string; quantity: number; unitAmount: number }[] = [];
  for (let index = 0; form.has(`line_items[${index}][quantity]`); index += 1) {
    items.push({
      name: form.get(`line_items[${index}][price_data][product_data][name]`)!,
      quantity: Number(form.get(`line_items[${index}][quantity]`)),
      unitAmount: Number(form.get(`line_items[${index}][price_data][unit_amount]`)),
    });
  }
  return items;
}

const sessionCalls = () =>
  stripe.calls.filter((call) => call.path === "/v1/checkout/sessions" && call.method === "POST");

describe("a card order with a promo code", () => {
  it("is charged exactly its total after the discount: each discounted line once at its total after its share, the tip untouched", async () => {
    const code = await addPromoCode({ code: "CARDTEN", amount: 10 });
    const { cookie } = await shopper();
    const placed = await placeCardOrder(cookie, { promoCode: code, tip: { cents: 100 } });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, paymentUrl } = await json<CreateOrderResponse>(placed);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    const row = await orderRow(order.id);
    expect(row.discountCents).toBe(Math.round(row.subtotalCents / 10));
    const items = sessionItems(sessionCalls()[0]!.form);
    expect(items.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0)).toBe(row.totalCents);
    expect(items.every((item) => item.unitAmount >= 0)).toBe(true);
    expect(items[0]).toMatchObject({
      quantity: 1,
      name: expect.stringMatching(/^2 × Sunrise Orange.* · CARDTEN −\$\d+\.\d\d$/),
    });
    expect(items.at(-1)).toEqual({ name: "Tip", quantity: 1, unitAmount: 100 });
  });

  it("is marked paid when Stripe charged its total after the discount, and not when the amount differs", async () => {
    const code = await addPromoCode({ code: "CARDPAID", kind: "amount", amount: 150 });
    const { cookie } = await shopper();
    const { order } = await json<CreateOrderResponse>(await placeCardOrder(cookie, { promoCode: code }));
    const row = await orderRow(order.id);
    const session = { id: order.id, sessionId: row.stripeSessionId!, totalCents: row.totalCents };

    const beforeDiscount = checkoutSessionEvent("checkout.session.completed", {
      ...session,
      totalCents: row.subtotalCents,
    });
    expect(await json(await stripeWebhook(beforeDiscount))).toMatchObject({ outcome: "no_change" });
    expect((await orderRow(order.id)).paymentState).toBe("pending");

    const paid = checkoutSessionEvent("checkout.session.completed", session);
    expect(await json(await stripeWebhook(paid))).toMatchObject({ outcome: "paid" });
    expect((await orderRow(order.id)).paymentState).toBe("paid");
  });

  it("sent again with its Idempotency-Key asks Stripe for the very same session, its use counted once", async () => {
    const code = await addPromoCode({ code: "CARDAGAIN", amount: 15 });
    const { cookie } = await shopper();
    const key = `promo-card-${crypto.randomUUID()}`;
    const first = await placeCardOrder(cookie, { promoCode: code }, key);
    // Sent again in a later second, as a retry after a dropped answer would be.
    await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));
    const again = await placeCardOrder(cookie, { promoCode: code }, key);
    expect([first.status, again.status]).toEqual([201, 200]);
    const [asked, askedAgain] = sessionCalls();
    // Stripe refuses a key sent again with other parameters: the discounted lines must be the same.
    expect(askedAgain!.idempotencyKey).toBe(asked!.idempotencyKey);
    expect(askedAgain!.form.toString()).toBe(asked!.form.toString());
    expect(await usesOf(code)).toBe(1);
  });
});

describe("a card order whose total Stripe cannot charge", () => {
  it("made free by its code skips Stripe and is paid: on the board, its e-mails queued", async () => {
    const code = await addPromoCode({ code: "ONTHEHOUSE", kind: "amount", amount: 100_000 });
    const { cookie } = await shopper();
    const placed = await placeCardOrder(cookie, { promoCode: code });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, paymentUrl } = await json<CreateOrderResponse>(placed);
    expect(paymentUrl).toBeUndefined();
    expect(order.totalCents).toBe(0);
    expect(sessionCalls()).toHaveLength(0);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentMode: "stripe", paymentState: "paid", totalCents: 0 });
    expect(row.paidAt).not.toBeNull();
    const emails = await emailsOf(order.id);
    expect(emails.length).toBeGreaterThan(0);
    // Nothing was charged, and both e-mails say so instead of a card payment.
    for (const email of emails) {
      expect(email.text).toContain("Nothing to pay");
      expect(email.text).not.toContain("Paid by card");
    }
    const barista = await createBarista();
    const board = await json<StaffOrdersResponse>(
      await callWithStripe("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    expect(board.orders.map((each) => each.id)).toContain(order.id);
    expect(await usesOf(code)).toBe(1);
  });

  it("made free, then cancelled before anyone started it: nothing to refund, and its use is given back", async () => {
    const code = await addPromoCode({ code: "FREEBACK", kind: "amount", amount: 100_000 });
    const { cookie } = await shopper();
    const { order } = await json<CreateOrderResponse>(await placeCardOrder(cookie, { promoCode: code }));
    const barista = await createBarista();
    const cancelled = await postStatus(barista.cookie, order.id, { status: "cancelled", reason: "Out of oranges" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(stripe.calls.filter((call) => call.path === "/v1/refunds")).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await usesOf(code)).toBe(0);
  });

  it("at 30¢ is refused with 409 total_below_card_minimum before anything is written; a tip that brings it to 50¢ goes through", async () => {
    const subtotal = await subtotalOfLines();
    const code = await addPromoCode({ code: "THIRTYCENTS", kind: "amount", amount: subtotal - 30 });
    const { cookie, userId } = await shopper();
    const refused = await placeCardOrder(cookie, { promoCode: code });
    expect(refused.status).toBe(409);
    const { error } = await json<ApiErrorBody>(refused);
    expect(error.code).toBe("total_below_card_minimum");
    expect(error.message).toContain("$0.30");
    expect(error.message).toContain("$0.50");
    expect(error.message).toContain("or remove the promo code.");
    expect(sessionCalls()).toHaveLength(0);
    expect(await usesOf(code)).toBe(0);
    expect(await ordersOf(userId)).toHaveLength(0);

    const withTip = await placeCardOrder(cookie, { promoCode: code, tip: { cents: 20 } });
    expect(withTip.status, await withTip.clone().text()).toBe(201);
    const { order } = await json<CreateOrderResponse>(withTip);
    expect(order.totalCents).toBe(50);
    expect(sessionItems(sessionCalls()[0]!.form).reduce((sum, item) => sum + item.quantity * item.unitAmount, 0)).toBe(
      50,
    );
  });
});
