import { describe, expect, it } from "vitest";
import type { CreateOrderResponse, OrderListResponse, OrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { api, json } from "./helpers";
import { orderEmailsOf, PHONE, postOrder } from "./order-requests";
import { createBarista, createSignedInUser } from "./sign-in";

// Sunrise Orange medium twice ($12.98) and a Charcoal Lemonade: WELCOME10 takes 10% off the drinks.
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" },
  { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" },
] as const;

async function placeWithWelcome10(): Promise<{ cookie: string; order: CreateOrderResponse["order"] }> {
  const { cookie } = await createSignedInUser();
  const response = await postOrder(cookie, {
    lines: [...LINES],
    phone: PHONE,
    promoCode: "welcome10",
    tip: { cents: 100 },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { cookie, order: (await json<CreateOrderResponse>(response)).order };
}

describe("an order with a promo code, read back everywhere money is said", () => {
  it("answers the placed order, the order page and My orders with the discount, its name and each line's share", async () => {
    const { cookie, order: placed } = await placeWithWelcome10();
    const subtotalCents = placed.lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    const discountCents = Math.round(subtotalCents / 10);
    expect(placed.discountCents).toBe(discountCents);
    expect(placed.discounts).toEqual([{ kind: "promo", name: "WELCOME10", amountCents: discountCents }]);
    // The total is after the discount; the tip is on top and untouched.
    expect(placed.totalCents).toBe(subtotalCents - discountCents + 100);

    const page = (await json<OrderResponse>(await api(`/api/orders/${placed.id}`, { headers: { Cookie: cookie } })))
      .order;
    const listed = (await json<OrderListResponse>(await api("/api/orders", { headers: { Cookie: cookie } }))).orders;
    for (const order of [page, listed.find((one) => one.id === placed.id)!]) {
      expect(order.discountCents).toBe(discountCents);
      expect(order.discounts).toEqual(placed.discounts);
      expect(order.totalCents).toBe(placed.totalCents);
      // The lines' shares add up to the discount, to the cent.
      expect(order.lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0)).toBe(discountCents);
      expect(order.lines.every((line) => (line.discountCents ?? 0) > 0)).toBe(true);
    }
  });

  it("answers an order without a code with no discount", async () => {
    const { cookie } = await createSignedInUser();
    const response = await postOrder(cookie, { lines: [...LINES], phone: PHONE });
    const { order } = await json<CreateOrderResponse>(response);
    const page = (await json<OrderResponse>(await api(`/api/orders/${order.id}`, { headers: { Cookie: cookie } })))
      .order;
    expect(page.discountCents).toBe(0);
    expect(page.discounts).toEqual([]);
    expect(page.lines.every((line) => line.discountCents === undefined)).toBe(true);
  });

  it("puts the discount on the board's order", async () => {
    const { order: placed } = await placeWithWelcome10();
    const barista = await createBarista();
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    const ticket = board.orders.find((order) => order.id === placed.id)!;
    expect(ticket.discountCents).toBe(placed.discountCents);
    expect(ticket.discounts).toEqual([{ kind: "promo", name: "WELCOME10", amountCents: placed.discountCents }]);
  });

  it("says the discount in the shopper's and the shop's e-mails", async () => {
    const { order } = await placeWithWelcome10();
    const emails = await orderEmailsOf(order.id);
    expect(emails.length).toBeGreaterThanOrEqual(2);
    const off = `\u2212$${(order.discountCents / 100).toFixed(2)}`;
    for (const email of emails) {
      expect(email.text).toContain("Promo code WELCOME10");
      expect(email.text).toContain(off);
      expect(email.html).toContain("Promo code WELCOME10");
    }
  });
});
