import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CartPricesResponse } from "#common/cart-prices";
import type { CreateOrderResponse } from "#common/orders";
import { json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { createSignedInUser, type SignedInUser } from "./sign-in";
import { jsonPost } from "./store-helpers";

// The cart asks what the stamp card's free drink takes off before the order is placed; the answer
// is the discount the order then gets, priced once on the server.

const ANAHEIM = "loc-anaheim";
// Berry Blast small with oat milk (a required choice) and protein (a paid add-on), and a Ginger Shot.
const BERRY_WITH_PROTEIN = {
  productId: "prd-berry-blast",
  size: "small",
  quantity: 2,
  modifierIds: ["opt-milk-oat", "opt-boost-protein"],
};
const GINGER_SHOT = { productId: "prd-ginger-shot", size: "default", quantity: 1 };
const CART_LINES = [
  { productId: BERRY_WITH_PROTEIN.productId, size: "small", quantity: 2, optionIds: BERRY_WITH_PROTEIN.modifierIds },
  { productId: GINGER_SHOT.productId, size: "default", quantity: 1 },
];
const FREE_DRINK = { id: "rwd-free-drink", line: 0 };

async function shopperWithStamps(stamps: number): Promise<SignedInUser> {
  const shopper = await createSignedInUser({
    username: "Regular Rita",
    email: `regular-${crypto.randomUUID().slice(0, 8)}@example.com`,
  });
  await env.DB.prepare(
    "INSERT INTO stamp_ledger (user_id, kind, stamps, note, adjusted_by) VALUES (?, 'adjusted', ?, 'Paper card', 'owner@squeeze-juice.example')",
  )
    .bind(shopper.userId, stamps)
    .run();
  return shopper;
}

function cartPrices(body: Record<string, unknown>, cookie?: string) {
  return jsonPost("/api/cart-prices", cookie, { locationId: ANAHEIM, lines: CART_LINES, ...body });
}

async function answer(response: Response): Promise<CartPricesResponse> {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<CartPricesResponse>(response);
}

describe("POST /api/cart-prices with a reward", () => {
  it("answers the discount the order is then placed with: one drink of the line, its paid add-on charged", async () => {
    const shopper = await shopperWithStamps(9);
    const priced = await answer(await cartPrices({ reward: FREE_DRINK }, shopper.cookie));
    const berry = priced.lines[0]!;
    expect("unitPriceCents" in berry).toBe(true);
    const free = ("unitPriceCents" in berry ? berry.unitPriceCents : 0) - 100;
    expect(priced.rewardDiscount).toEqual({
      id: "rwd-free-drink",
      name: "A free drink",
      lineIndex: 0,
      amountCents: free,
    });
    expect(priced.rewardRefusal).toBeNull();

    const placed = await postOrder(shopper.cookie, {
      lines: [BERRY_WITH_PROTEIN, GINGER_SHOT].map((line) => ({ ...line, note: "" })),
      phone: PHONE,
      reward: FREE_DRINK,
      locationId: ANAHEIM,
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect((await json<CreateOrderResponse>(placed)).order.discounts).toEqual([
      { kind: "loyalty", name: "A free drink", amountCents: free },
    ]);
  });

  it("says in words why a card without the stamps cannot spend it, and prices nothing for a guest", async () => {
    const shopper = await shopperWithStamps(8);
    const refused = await answer(await cartPrices({ reward: FREE_DRINK }, shopper.cookie));
    expect(refused.rewardDiscount).toBeNull();
    expect(refused.rewardRefusal).toEqual({
      code: "reward_not_available",
      message: "A free drink takes 9 stamps; you have 8.",
    });

    const guest = await answer(await cartPrices({ reward: FREE_DRINK }));
    expect(guest.rewardDiscount).toBeNull();
    expect(guest.rewardRefusal).toBeNull();
  });

  it("names the field of a reward beside a promo code or on a line that is not there", async () => {
    const shopper = await shopperWithStamps(9);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reward: FREE_DRINK, promoCode: "WELCOME10" }, "reward"],
      [{ reward: { id: "rwd-free-drink", line: 2 } }, "reward.line"],
      [{ reward: { id: "", line: 0 } }, "reward.id"],
    ];
    for (const [body, field] of cases) {
      const response = await cartPrices(body, shopper.cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field, JSON.stringify(body)).toBe(field);
    }
  });
});
