import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse, Order } from "#common/orders";
import { percentOfCents } from "#common/tips";
import { api, json } from "./helpers";
import { orderEmailsOf, ordersOf, PHONE, postOrder } from "./order-requests";
import { createSignedInUser } from "./sign-in";

/** Berry Blast, small, with oat milk: $5.99 + $0.50 = $6.49 a drink. */
const berryBlast = (quantity = 1) => ({
  productId: "prd-berry-blast",
  size: "small",
  quantity,
  note: "",
  modifierIds: ["opt-milk-oat"],
});

async function place(body: Record<string, unknown>) {
  const shopper = await createSignedInUser();
  const response = await postOrder(shopper.cookie, { lines: [berryBlast(2)], phone: PHONE, ...body });
  return { response, shopper };
}

describe("a tip at checkout", () => {
  it("rounds a percentage of the subtotal half up to the cent", () => {
    expect(percentOfCents(830, 15)).toBe(125); // $1.245
    expect(percentOfCents(1298, 15)).toBe(195); // $1.947
    expect(percentOfCents(1298, 10)).toBe(130); // $1.298
    expect(percentOfCents(1298, 20)).toBe(260);
    expect(percentOfCents(0, 20)).toBe(0);
  });

  it("adds 15% of the drinks' subtotal to the total, answers tipCents, and prints it on both e-mails", async () => {
    const { response, shopper } = await place({ tip: { percent: 15 } });
    expect(response.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(response);
    expect(order.tipCents).toBe(195);
    expect(order.totalCents).toBe(1298 + 195);
    const read = await json<{ order: Order }>(
      await api(`/api/orders/${order.id}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(read.order.tipCents).toBe(195);
    for (const email of await orderEmailsOf(order.id)) {
      expect(email.text).toMatch(/Tip[\s|]+\$1\.95/);
      expect(email.text).toContain("$14.93");
    }
  });

  it("takes a tip of the shopper's own, and none when absent", async () => {
    const own = await place({ tip: { cents: 300 } });
    expect((await json<CreateOrderResponse>(own.response)).order).toMatchObject({ tipCents: 300, totalCents: 1598 });
    const none = await place({});
    expect((await json<CreateOrderResponse>(none.response)).order).toMatchObject({ tipCents: 0, totalCents: 1298 });
  });

  it("works a percentage out on the drinks alone, never on the delivery fee", async () => {
    const { response } = await place({
      tip: { percent: 20 },
      fulfilment: "delivery",
      street: "100 W Lincoln Ave",
      zip: "92805",
    });
    const { order } = await json<CreateOrderResponse>(response);
    expect(order.tipCents).toBe(260);
    expect(order.totalCents).toBe(1298 + order.deliveryFeeCents + 260);
  });

  const refusals: Array<[string, unknown, string]> = [
    ["a percentage not offered", { percent: 12 }, "tip"],
    ["a percentage as text", { percent: "15" }, "tip"],
    ["a negative amount", { cents: -1 }, "tip"],
    ["a fraction of a cent", { cents: 1.5 }, "tip"],
    ["both at once", { percent: 15, cents: 100 }, "tip"],
    ["more than the subtotal", { cents: 1299 }, "tip.cents"],
  ];
  for (const [what, tip, field] of refusals) {
    it(`refuses ${what} with 400, writing nothing`, async () => {
      const { response, shopper } = await place({ tip });
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toMatch(new RegExp(`^${field.replace(".", "\\.")}`));
      expect(await ordersOf(shopper.userId)).toHaveLength(0);
    });
  }

  it("counts the tip in a retried submission's idempotency: the same key with another tip is refused", async () => {
    const shopper = await createSignedInUser();
    const key = crypto.randomUUID();
    const body = { lines: [berryBlast()], phone: PHONE, tip: { percent: 10 } };
    expect((await postOrder(shopper.cookie, body, key)).status).toBe(201);
    expect((await postOrder(shopper.cookie, body, key)).status).toBe(200);
    expect((await postOrder(shopper.cookie, { ...body, tip: { percent: 20 } }, key)).status).toBe(422);
  });
});
