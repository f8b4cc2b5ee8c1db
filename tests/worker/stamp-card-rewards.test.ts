import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { LoyaltyResponse } from "#common/loyalty";
import type { CreateOrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { postOrder } from "./order-requests";
import { createBarista, createSignedInUser, type SignedInUser } from "./sign-in";
import { orderRow, postStatus, setOrderState } from "./staff-fixtures";

// Spending the stamp card's reward ("A free drink", 9 stamps): priced on the server as a loyalty
// discount on one drink of the chosen line, its stamps spent in the order's own batch, guarded so
// that racing orders cannot spend one reward twice, and given back when the order is undone unmade.

const PHONE = "+1 714 555 0142";
// Berry Blast small with oat milk (a required choice) and protein (a paid add-on), and a Ginger Shot.
const BERRY_WITH_PROTEIN = {
  productId: "prd-berry-blast",
  size: "small",
  quantity: 2,
  note: "",
  modifierIds: ["opt-milk-oat", "opt-boost-protein"],
};
const GINGER_SHOT = { productId: "prd-ginger-shot", size: "default", quantity: 1, note: "" };
const FREE_DRINK = { id: "rwd-free-drink", line: 0 };

async function shopperWithStamps(stamps: number): Promise<SignedInUser> {
  const shopper = await createSignedInUser({
    username: "Regular Rita",
    email: `regular-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  if (stamps !== 0) {
    await env.DB.prepare(
      "INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by) VALUES (?, 'adjusted', ?, 'Paper card', 'owner@squeeze-juice.example')",
    )
      .bind(shopper.userId, stamps)
      .run();
  }
  return shopper;
}

async function balanceOf(shopper: SignedInUser): Promise<number> {
  const response = await api("/api/loyalty", { headers: { Cookie: shopper.cookie } });
  return (await json<LoyaltyResponse>(response)).stamps;
}

async function discountsOf(orderId: string) {
  const { results } = await env.DB.prepare(
    "SELECT kind, name, amount_cents FROM order_discounts WHERE order_id = ? ORDER BY position",
  )
    .bind(orderId)
    .all<{ kind: string; name: string; amount_cents: number }>();
  return results;
}

async function placeWithReward(shopper: SignedInUser, lines: unknown[] = [BERRY_WITH_PROTEIN, GINGER_SHOT]) {
  const response = await postOrder(shopper.cookie, { lines, phone: PHONE, reward: FREE_DRINK });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await json<CreateOrderResponse>(response)).order;
}

describe("spending a free drink", () => {
  it("takes one drink of the line off, its required choice included and its paid add-on charged, and spends 9 stamps", async () => {
    const shopper = await shopperWithStamps(10);
    const order = await placeWithReward(shopper);
    const row = await orderRow(order.id);
    const [berry] = order.lines;
    // One Berry Blast with oat milk is free; its protein (+$1.00) is charged.
    const free = berry!.unitPriceCents - 100;
    expect(await discountsOf(order.id)).toEqual([{ kind: "loyalty", name: "A free drink", amount_cents: free }]);
    expect(row.discountCents).toBe(free);
    expect(row.totalCents).toBe(row.subtotalCents - free);
    expect(await balanceOf(shopper)).toBe(1);
  });

  it("is refused with its own words when the card does not hold it", async () => {
    const shopper = await shopperWithStamps(8);
    const response = await postOrder(shopper.cookie, { lines: [GINGER_SHOT], phone: PHONE, reward: FREE_DRINK });
    expect(response.status).toBe(409);
    expect((await json<ApiErrorBody>(response)).error).toMatchObject({
      code: "reward_not_available",
      message: "A free drink takes 9 stamps; you have 8.",
      field: "reward",
    });
    expect(await balanceOf(shopper)).toBe(8);
  });

  it("is refused on a drink that costs nothing, its stamps kept", async () => {
    const shopper = await shopperWithStamps(9);
    await env.DB.prepare(
      "UPDATE product_prices SET discounted_price_cents = 0 WHERE product_id = 'prd-ginger-shot'",
    ).run();
    try {
      const response = await postOrder(shopper.cookie, { lines: [GINGER_SHOT], phone: PHONE, reward: FREE_DRINK });
      expect(response.status).toBe(409);
      expect((await json<ApiErrorBody>(response)).error).toMatchObject({
        code: "reward_not_available",
        field: "reward",
      });
      expect(await balanceOf(shopper)).toBe(9);
    } finally {
      await env.DB.prepare(
        "UPDATE product_prices SET discounted_price_cents = 349 WHERE product_id = 'prd-ginger-shot'",
      ).run();
    }
  });

  it("is spent once by four orders racing for it", async () => {
    const shopper = await shopperWithStamps(9);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        postOrder(shopper.cookie, { lines: [GINGER_SHOT], phone: PHONE, reward: FREE_DRINK }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((refused) => refused.status === 409)) {
      expect((await json<ApiErrorBody>(answer)).error.code).toBe("reward_not_available");
    }
    expect(await balanceOf(shopper)).toBe(0);
  });

  it("names the field for a reward that is not one, on a line that is not there, or beside a promo code", async () => {
    const shopper = await shopperWithStamps(9);
    const cases: Array<[unknown, string]> = [
      [{ id: "rwd-free-drink", line: 1 }, "reward.line"],
      [{ id: "rwd-free-drink", line: -1 }, "reward.line"],
      [{ id: "rwd-free-drink", line: 0.5 }, "reward.line"],
      [{ id: "rwd-free-drink", line: "0" }, "reward.line"],
      [{ id: "", line: 0 }, "reward.id"],
      [{ id: "rwd-free-drink" }, "reward.line"],
      ["rwd-free-drink", "reward"],
    ];
    for (const [reward, field] of cases) {
      const response = await postOrder(shopper.cookie, { lines: [GINGER_SHOT], phone: PHONE, reward });
      expect(response.status, JSON.stringify(reward)).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field, JSON.stringify(reward)).toBe(field);
    }
    const unknown = await postOrder(shopper.cookie, {
      lines: [GINGER_SHOT],
      phone: PHONE,
      reward: { id: "rwd-free-car", line: 0 },
    });
    expect(unknown.status).toBe(409);
    expect((await json<ApiErrorBody>(unknown)).error.code).toBe("reward_not_available");
    const both = await postOrder(shopper.cookie, {
      lines: [GINGER_SHOT],
      phone: PHONE,
      reward: FREE_DRINK,
      promoCode: "SUMMER2",
    });
    expect(both.status).toBe(400);
    expect((await json<ApiErrorBody>(both)).error.field).toBe("reward");
    expect(await balanceOf(shopper)).toBe(9);
  });

  it("earns no stamp for the free drink, and one for each drink paid for", async () => {
    const barista = await createBarista();
    const shopper = await shopperWithStamps(9);
    const order = await placeWithReward(shopper);
    await setOrderState(order.id, "ready");
    expect((await postStatus(barista.cookie, order.id, { status: "completed", payment: "collected" })).status).toBe(
      200,
    );
    // Two Berry Blasts, one free, and a Ginger Shot: two stamps.
    expect(await balanceOf(shopper)).toBe(2);
  });
});

describe("an order with a reward undone", () => {
  const cancel = (cookie: string, orderId: string) =>
    postStatus(cookie, orderId, { status: "cancelled", reason: "Customer asked" });
  const recall = (cookie: string, orderId: string) =>
    postStatus(cookie, orderId, {}, `/api/staff/orders/${orderId}/recall`);

  it("gives its stamps back when cancelled before anyone started it, and not once it was made", async () => {
    const barista = await createBarista();
    const shopper = await shopperWithStamps(18);
    const unstarted = await placeWithReward(shopper, [GINGER_SHOT]);
    const started = await placeWithReward(shopper, [GINGER_SHOT]);
    expect(await balanceOf(shopper)).toBe(0);

    expect((await cancel(barista.cookie, unstarted.id)).status).toBe(200);
    expect(await balanceOf(shopper)).toBe(9);
    await setOrderState(started.id, "preparing");
    expect((await cancel(barista.cookie, started.id)).status).toBe(200);
    expect(await balanceOf(shopper)).toBe(9);
  });

  it("spends them again on Recall, or refuses the Recall when they were spent since", async () => {
    const barista = await createBarista();
    const shopper = await shopperWithStamps(9);
    const first = await placeWithReward(shopper, [GINGER_SHOT]);
    await cancel(barista.cookie, first.id);
    expect(await balanceOf(shopper)).toBe(9);

    expect((await recall(barista.cookie, first.id)).status).toBe(200);
    expect(await balanceOf(shopper)).toBe(0);

    await cancel(barista.cookie, first.id);
    await placeWithReward(shopper, [GINGER_SHOT]);
    const refused = await recall(barista.cookie, first.id);
    expect(refused.status).toBe(409);
    expect((await json<ApiErrorBody>(refused)).error.code).toBe("reward_not_available");
    expect((await orderRow(first.id)).status).toBe("cancelled");
    expect(await balanceOf(shopper)).toBe(0);
  });
});
