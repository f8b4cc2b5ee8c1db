import { afterEach, describe, expect, it } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import { customerOrderEmail } from "#worker/emails/order-customer";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import { shopOrderEmail } from "#worker/emails/order-shop";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser } from "./sign-in";
import { emailsOf, postStatus, setOrderState } from "./staff-fixtures";
import { pickupDays, resetShop, TUESDAY_NOON, useShopClock } from "./store-helpers";

// The e-mails an order sends, read as the customer and the shop read them (the text part, which
// carries the same rows as the HTML). A pickup speaks of the counter and its time; a delivery of
// the address and the delivery window, and never of a pickup.

const ORIGIN = "http://localhost:5173";
const SHOP_ADDRESS = "512 South Brookhurst St #4, Anaheim, CA 92804";
const DELIVERY_ADDRESS = "1200 W Lincoln Ave, Anaheim, CA 92805";
const TIME = String.raw`\d{1,2}:\d{2} [AP]M`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function placeOrder(body: Record<string, unknown>) {
  const shopper = await createSignedInUser({
    username: "Ada Lovelace",
    email: `ada-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  const response = await api("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
    body: JSON.stringify({
      lines: [{ productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" }],
      phone: "+1 714 555 0100",
      ...body,
    }),
  });
  expect(response.status).toBe(201);
  const { order } = await json<CreateOrderResponse>(response);
  const emails = await emailsOf(order.id);
  const text = (kind: string) => emails.find((email) => email.kind === kind)!.text;
  return { orderId: order.id, customer: text("order-customer"), shop: text("order-shop") };
}

async function readyEmail(orderId: string) {
  const barista = await createBarista();
  await setOrderState(orderId, "preparing");
  expect((await postStatus(barista.cookie, orderId, { status: "ready" })).status).toBe(200);
  return (await emailsOf(orderId)).find((email) => email.kind === "order-ready")!;
}

/** The "Label: value" lines of an e-mail's text part. */
function rowLabels(text: string): string[] {
  return [...text.matchAll(/^([A-Z][A-Za-z ]+): /gm)].map((match) => match[1]!);
}

describe("order e-mails: an order ahead", () => {
  afterEach(() => resetShop());

  it("keeps the spec's words and names the day, the time and the place to pick it up", async () => {
    useShopClock(TUESDAY_NOON);
    const wednesday = (await pickupDays()).find((day) => day.date === "2026-03-11")!;
    const nineAm = wednesday.slots.find((slot) => slot.startsAt === "2026-03-11T16:00:00.000Z")!;
    const { customer, shop } = await placeOrder({ pickup: { mode: "slot", startsAt: nineAm.startsAt } });
    expect(customer).toContain("Your order is placed, We will contact you as soon as possible.");
    expect(customer).toContain(`Pick it up at ${SHOP_ADDRESS}, on Wed, Mar 11 at 9:00 AM.`);
    for (const text of [customer, shop]) expect(text).toMatch(/^Pickup: Wed, Mar 11, 9:00 AM$/m);
  });
});

describe("order e-mails: pickup or delivery", () => {
  it("a pickup: the shop's address, the pickup time, pay on pickup; no delivery rows", async () => {
    const { orderId, customer, shop } = await placeOrder({});
    for (const text of [customer, shop]) {
      expect(text).toContain(`Pickup at: ${SHOP_ADDRESS}`);
      expect(text).toMatch(new RegExp(`^Pickup: As soon as possible \\(ready around ${TIME}\\)$`, "m"));
      expect(text).toContain("Payment: Pay on pickup");
      expect(rowLabels(text)).not.toContain("Deliver to");
      expect(rowLabels(text)).not.toContain("Delivery");
      expect(text).not.toContain("60-90 minutes");
    }
    // The spec's words, then where and when: not a call to wait for.
    expect(customer).toContain(
      "thank you for your order! Your order is placed, We will contact you as soon as possible.",
    );
    expect(customer).toMatch(new RegExp(`^Pick it up at ${escape(SHOP_ADDRESS)} from around ${TIME}\\.$`, "m"));
    expect(customer).toContain(
      "No need to wait for a call: we call +1 714 555 0100 only if there is a question about your order.",
    );
    // The shop reads the number the board shows and the time on its own clock, not an ISO instant.
    const number = `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(shop).toMatch(new RegExp(`^Order: ${number}$`, "m"));
    expect(shop).not.toContain(orderId);
    const placedAt = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      weekday: "short",
      month: "short",
      day: "numeric",
    }).format(new Date());
    expect(shop).toMatch(new RegExp(`^Placed at: ${placedAt}, ${TIME}$`, "m"));

    const ready = await readyEmail(orderId);
    expect(ready.subject).toMatch(/^Your order is ready: #/);
    expect(ready.text).toContain("Come and pick it up at Squeeze Anaheim");
    expect(ready.text).toMatch(/^Pick up at: Squeeze Anaheim, /m);
  });

  it("a delivery: the address, the fee and the delivery window; no pickup row anywhere", async () => {
    const { orderId, customer, shop } = await placeOrder({
      fulfilment: "delivery",
      street: "1200 W Lincoln Ave",
      zip: "92805",
    });
    for (const text of [customer, shop]) {
      expect(text).toContain(`Deliver to: ${DELIVERY_ADDRESS}`);
      expect(text).toContain("Delivery fee: $3.99");
      expect(text).toMatch(new RegExp(`^Delivery: Within 60-90 minutes \\(leaves the shop around ${TIME}\\)$`, "m"));
      expect(text).toContain("Payment: Pay on delivery");
      expect(rowLabels(text).filter((label) => /pick/i.test(label))).toEqual([]);
      expect(text).not.toContain(SHOP_ADDRESS);
    }
    expect(customer).toContain(`We deliver it to ${DELIVERY_ADDRESS} within 60-90 minutes.`);
    expect(customer).not.toMatch(/pick it up/i);

    const ready = await readyEmail(orderId);
    expect(ready.subject).toMatch(/^Your order is on its way: #/);
    expect(ready.text).toContain(`is ready and on its way to ${DELIVERY_ADDRESS}.`);
    expect(ready.text).toContain(`Deliver to: ${DELIVERY_ADDRESS}`);
    expect(ready.text).not.toMatch(/pick (it )?up/i);
  });
});

describe("order e-mails: the text part lines up", () => {
  const details: OrderEmailDetails = {
    orderId: "4f9c2b1e-0000-4000-8000-000000000001",
    createdAt: "2026-11-27T16:00:00.000Z",
    customerName: "Ada Lovelace",
    customerEmail: "ada@example.com",
    phone: "+1 714 555 0100",
    totalCents: 21_143,
    paymentMode: "pay_on_pickup",
    fulfilment: "pickup",
    fulfilmentAddress: SHOP_ADDRESS,
    deliveryFeeCents: 0,
    tipCents: 1_950,
    discounts: [],
    lines: [
      {
        productId: "prd-berry-blast",
        name: "Berry Blast",
        image: "",
        size: "large",
        unitPriceCents: 1_124,
        quantity: 12,
        note: "no ice at all, extra pulp, and split it into two cups if you can, thank you so much",
        options: [
          { name: "Oat milk", priceCents: 50, isDefault: false },
          { name: "Protein", priceCents: 100, isDefault: false },
          { name: "Spirulina", priceCents: 75, isDefault: false },
          { name: "Chia seeds", priceCents: 75, isDefault: false },
          { name: "Regular ice", priceCents: 0, isDefault: true },
        ],
        subtotalCents: 13_488,
      },
      {
        productId: "prd-sunrise-orange",
        name: "Sunrise Orange",
        image: "",
        size: "medium",
        unitPriceCents: 649,
        quantity: 9,
        note: "",
        options: [],
        subtotalCents: 5_841,
      },
    ],
    pickup: { mode: "slot", at: "2026-11-28T17:30:00.000Z", timeZone: "America/Los_Angeles" },
  };

  it("keeps every amount in one column, with add-ons and notes on lines of their own under their drink", () => {
    for (const { text } of [customerOrderEmail(details), shopOrderEmail(details)]) {
      const receipt = text.slice(text.indexOf("\nItem ") + 1, text.indexOf("\n--\n"));
      const lines = receipt.split("\n");
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(72);
      const amountLines = lines.filter((line) => /\$\d+\.\d{2}$/.test(line));
      expect(amountLines.map((line) => line.replace(/\s+\S+$/, "").trim())).toEqual([
        "12 × Berry Blast",
        "9 × Sunrise Orange",
        "Tip",
        "Total",
      ]);
      // Right-aligned: every amount ends in the same column.
      expect(new Set(amountLines.map((line) => line.length)).size).toBe(1);
      const berry = lines.indexOf(amountLines[0]!);
      expect(lines.slice(berry + 1, berry + 5).map((line) => line.slice(0, 2))).toEqual(["  ", "  ", "  ", "  "]);
      const under = lines
        .slice(berry + 1, lines.indexOf(amountLines[1]!))
        .map((line) => line.trim())
        .join(" ");
      expect(under).toBe(
        "Large · $11.24 each Oat milk (+$0.50), Protein (+$1.00), Spirulina (+$0.75), Chia seeds (+$0.75) " +
          "Note: no ice at all, extra pulp, and split it into two cups if you can, thank you so much",
      );
    }
  });
});
