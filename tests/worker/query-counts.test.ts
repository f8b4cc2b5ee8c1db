import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "#worker/env";
import { costOf, type D1Cost } from "./counting-d1";
import { CART, ORIGIN } from "./staff-fixtures";
import { createBarista, createSignedInUser } from "./sign-in";

declare module "vitest" {
  interface TaskMeta {
    /** Read by `npm run bench` (scripts/lib/order-statements.mjs), which prints each kind's cost. */
    d1Cost?: D1Cost & { kind: string };
  }
}

/**
 * What placing an order and loading the board cost in D1. The ceilings are today's figures: a
 * change that reads or writes more fails here, so a new guard on an order (a promo code, a stamp)
 * joins the order's existing reads and its one batch instead of adding round trips.
 */
const ORDER_CEILINGS = {
  pickup: { roundTrips: 10, statements: 33 },
  delivery: { roundTrips: 11, statements: 34 },
  card: { roundTrips: 8, statements: 28 },
} satisfies Record<string, D1Cost>;

const STRIPE: Partial<Env> = { STRIPE_SECRET_KEY: "sk_test_counts", STRIPE_WEBHOOK_SECRET: "whsec_counts" };

/** Stripe's Checkout at its edge: a new session for each order. */
function fakeStripe(): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("https://api.stripe.com/")) return realFetch(input, init);
    const id = `cs_test_${crypto.randomUUID().slice(0, 8)}`;
    return Response.json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const ORDERS = [
  { kind: "pickup", body: CART, bindings: {} },
  { kind: "delivery", body: { ...CART, fulfilment: "delivery", street: "1 Main St", zip: "92805" }, bindings: {} },
  { kind: "card", body: CART, bindings: STRIPE },
] as const;

describe("D1 queries", () => {
  for (const { kind, body, bindings } of ORDERS) {
    it(`placing a ${kind} order takes no more round trips or statements than before`, async ({ task }) => {
      if (kind === "card") fakeStripe();
      const shopper = await createSignedInUser();
      const {
        response,
        body: answer,
        cost,
      } = await costOf(
        new Request(`${ORIGIN}/api/orders`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: shopper.cookie },
          body: JSON.stringify(body),
        }),
        bindings,
      );
      expect(response.status, answer).toBe(201);
      if (kind === "card") expect(JSON.parse(answer)).toMatchObject({ paymentUrl: expect.stringContaining("stripe") });
      task.meta.d1Cost = { kind, ...cost };
      expect(cost.roundTrips).toBeLessThanOrEqual(ORDER_CEILINGS[kind].roundTrips);
      expect(cost.statements).toBeLessThanOrEqual(ORDER_CEILINGS[kind].statements);
    });
  }

  it("loading the board takes no more round trips or statements than before", async () => {
    const barista = await createBarista();
    const { response, cost } = await costOf(
      new Request(`${ORIGIN}/api/staff/orders`, { headers: { Cookie: barista.cookie } }),
    );
    expect(response.status).toBe(200);
    // With the orders placed above on it. The shop comes with its hours in one batch.
    expect(cost.roundTrips).toBeLessThanOrEqual(10);
    expect(cost.statements).toBeLessThanOrEqual(12);
  });
});
