import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CartPricesResponse } from "#common/cart-prices";
import type { CreateOrderResponse } from "#common/orders";
import { json, startOfRateLimitWindow } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { addPromoCode, usesOf } from "./promo-fixtures";
import { createReturningShopper, createSignedInUser } from "./sign-in";
import { jsonPost } from "./store-helpers";

const ANAHEIM = "loc-anaheim";

// Sunrise Orange medium twice, an Immunity shot three times, a drink the menu does not have.
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2 },
  { productId: "prd-immunity-shot", size: "default", quantity: 3 },
  { productId: "prd-no-such-drink", size: "small", quantity: 1 },
];

function cartPrices(body: Record<string, unknown>, cookie?: string, headers: Record<string, string> = {}) {
  return jsonPost("/api/cart-prices", cookie, { locationId: ANAHEIM, lines: LINES, ...body }, headers);
}

async function answer(response: Response): Promise<CartPricesResponse> {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<CartPricesResponse>(response);
}

/** Each priced line's total (unit price × quantity), 0 for a line the shop cannot make. */
function lineTotals(priced: CartPricesResponse, lines: readonly { quantity: number }[] = LINES): number[] {
  return priced.lines.map((line, index) =>
    "unitPriceCents" in line ? line.unitPriceCents * lines[index]!.quantity : 0,
  );
}

/** A guest's address, new for each test: the wrong-code budget outlives a test run for its minute. */
function freshAddress(): Record<string, string> {
  const [, b, c, d] = crypto.randomUUID().split("-");
  return { "CF-Connecting-IP": `2001:db8:${b}:${c}:${d}::1` };
}

describe("POST /api/cart-prices with a promo code", () => {
  it("answers the discount off the drinks the shop can make, each line's quantity counted, spread by the request's line numbers", async () => {
    const code = await addPromoCode({ code: "CART15", amount: 15 });
    const priced = await answer(await cartPrices({ promoCode: " cart15 " }));

    const totals = lineTotals(priced);
    const subtotal = totals.reduce((sum, cents) => sum + cents, 0);
    expect(priced.promoRefusal).toBeNull();
    expect(priced.discount).toMatchObject({ code, amountCents: Math.round((subtotal * 15) / 100) });
    expect(priced.discount!.lines.map((line) => line.lineIndex)).toEqual([0, 1]);
    expect(priced.discount!.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(priced.discount!.amountCents);
    expect(priced.discount!.lines[1]!.amountCents).toBeGreaterThan(priced.discount!.lines[0]!.amountCents);
  });

  it("is the discount the order then gets", async () => {
    const code = await addPromoCode({ code: "SAMEASORDER", amount: 33 });
    const { cookie } = await createReturningShopper();
    const lines = LINES.slice(0, 2);
    const priced = await answer(await cartPrices({ lines, promoCode: code }, cookie));
    const placed = await postOrder(cookie, {
      lines: lines.map((line) => ({ ...line, note: "" })),
      phone: PHONE,
      promoCode: code,
      locationId: ANAHEIM,
    });
    expect(placed.status).toBe(201);
    const { order } = await json<CreateOrderResponse>(placed);
    const subtotal = order.lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    expect(order.totalCents).toBe(subtotal - priced.discount!.amountCents);
  });

  it("answers null for both without a code, or with a blank one, and prices a line without a quantity once", async () => {
    const lines = LINES.map(({ productId, size }) => ({ productId, size }));
    for (const body of [{ lines }, { lines, promoCode: "   " }]) {
      const priced = await answer(await cartPrices(body));
      expect(priced.discount).toBeNull();
      expect(priced.promoRefusal).toBeNull();
    }
    const code = await addPromoCode({ code: "ONEEACH", kind: "amount", amount: 100_000 });
    const priced = await answer(await cartPrices({ lines, promoCode: code }));
    const once = lineTotals(
      priced,
      lines.map(() => ({ quantity: 1 })),
    );
    expect(priced.discount!.amountCents).toBe(once.reduce((sum, cents) => sum + cents, 0));
  });

  it("a code that cannot apply is a 200 with its refusal in the order's words, and nothing off", async () => {
    const code = await addPromoCode({ code: "CARTBIG", kind: "amount", amount: 200, minSubtotalCents: 10_000 });
    const priced = await answer(await cartPrices({ promoCode: code }));
    expect(priced.discount).toBeNull();
    expect(priced.promoRefusal?.code).toBe("promo_min_subtotal");
    expect(priced.promoRefusal?.message).toMatch(/\$100\.00 or more: add \$\d+\.\d\d more/);

    const unknown = await answer(await cartPrices({ promoCode: "NOSUCHCODE" }, undefined, freshAddress()));
    expect(unknown.promoRefusal).toEqual({ code: "promo_unknown", message: expect.stringContaining("NOSUCHCODE") });
    // The lines are priced all the same.
    expect(unknown.lines).toEqual(priced.lines);
  });

  it("tells a signed-in shopper their account's refusals, and a guest only what the code itself says", async () => {
    const usedUp = await addPromoCode({ code: "CARTONCE", maxUses: 1 });
    const oncePerAccount = await addPromoCode({ code: "CARTEACH", maxUsesPerAccount: 1 });
    const first = await createReturningShopper();
    for (const code of [usedUp, oncePerAccount]) {
      const placed = await postOrder(first.cookie, {
        lines: [{ ...LINES[0]!, note: "" }],
        phone: PHONE,
        promoCode: code,
        locationId: ANAHEIM,
      });
      expect(placed.status).toBe(201);
    }
    const other = await createReturningShopper();

    const refusalFor = async (code: string, cookie?: string) =>
      (await answer(await cartPrices({ promoCode: code }, cookie))).promoRefusal?.code ?? null;
    expect(await refusalFor(usedUp, other.cookie)).toBe("promo_used_up");
    expect(await refusalFor(oncePerAccount, first.cookie)).toBe("promo_already_used");
    expect(await refusalFor(oncePerAccount, other.cookie)).toBeNull();
    expect(await refusalFor("WELCOME10", other.cookie)).toBe("promo_first_order_only");
    expect(await refusalFor("WELCOME10", (await createSignedInUser()).cookie)).toBeNull();
    for (const code of [usedUp, oncePerAccount, "WELCOME10"]) expect(await refusalFor(code)).toBeNull();
    // Asking writes no use.
    expect(await usesOf(oncePerAccount)).toBe(1);
  });

  it("a code that is not text, one too long, or a quantity of 0 is a 400 naming the field", async () => {
    const fieldOf = async (body: Record<string, unknown>) => {
      const response = await cartPrices(body);
      expect(response.status).toBe(400);
      return (await json<ApiErrorBody>(response)).error.field;
    };
    expect(await fieldOf({ promoCode: 42 })).toBe("promoCode");
    expect(await fieldOf({ promoCode: "X".repeat(41) })).toBe("promoCode");
    expect(await fieldOf({ lines: [{ ...LINES[0]!, quantity: 0 }] })).toBe("lines.0.quantity");
  });
});

describe("wrong promo codes are limited per account and per address", () => {
  const wrong = (index: number) => `NOPE${index}`;

  it("a guest's eleventh wrong code in a minute is a 429 that says so; a code that exists still answers, and another address is not held back", async () => {
    await startOfRateLimitWindow(10_000);
    const address = freshAddress();
    for (let index = 0; index < 10; index += 1) {
      const priced = await answer(await cartPrices({ promoCode: wrong(index) }, undefined, address));
      expect(priced.promoRefusal?.code).toBe("promo_unknown");
    }
    const refused = await cartPrices({ promoCode: wrong(10) }, undefined, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    const { error } = await json<ApiErrorBody>(refused);
    expect(error).toMatchObject({ code: "rate_limited", field: "promoCode" });
    expect(error.message).toMatch(/too many wrong promo codes/i);

    const code = await addPromoCode({ code: "STILLGOOD" });
    expect((await answer(await cartPrices({ promoCode: code }, undefined, address))).discount?.code).toBe(code);
    const elsewhere = await cartPrices({ promoCode: wrong(11) }, undefined, freshAddress());
    expect(elsewhere.status).toBe(200);
  });

  it("an account's wrong codes count at the cart and at the order together, whatever address it comes from", async () => {
    await startOfRateLimitWindow(10_000);
    const { cookie } = await createReturningShopper();
    for (let index = 0; index < 5; index += 1) {
      const priced = await answer(await cartPrices({ promoCode: wrong(index) }, cookie, freshAddress()));
      expect(priced.promoRefusal?.code).toBe("promo_unknown");
    }
    const order = (promoCode: string) =>
      postOrder(cookie, { lines: [{ ...LINES[0]!, note: "" }], phone: PHONE, promoCode, locationId: ANAHEIM });
    for (let index = 5; index < 10; index += 1) {
      const refused = await order(wrong(index));
      expect(refused.status).toBe(409);
      expect((await json<ApiErrorBody>(refused)).error.code).toBe("promo_unknown");
    }
    const limited = await order(wrong(10));
    expect(limited.status).toBe(429);
    expect((await json<ApiErrorBody>(limited)).error.field).toBe("promoCode");
    expect((await cartPrices({ promoCode: wrong(11) }, cookie, freshAddress())).status).toBe(429);
  });
});
