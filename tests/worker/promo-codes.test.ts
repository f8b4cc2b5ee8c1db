import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { CreateOrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { addPromoCode, usesOf } from "./promo-fixtures";
import { createReturningShopper, createSignedInUser } from "./sign-in";

// Sunrise Orange medium twice, Berry Blast small with oat milk and protein, Charcoal Lemonade once.
const LINES = [
  { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "" },
  {
    productId: "prd-berry-blast",
    size: "small",
    quantity: 1,
    note: "",
    modifierIds: ["opt-milk-oat", "opt-boost-protein"],
  },
  { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" },
];

interface StoredDiscount {
  subtotal: number;
  discount: number;
  total: number;
  tip: number;
  rows: { kind: string; name: string; amount_cents: number }[];
  shares: { line_index: number; amount_cents: number }[];
}

async function storedDiscount(orderId: string): Promise<StoredDiscount> {
  const order = await env.DB.prepare(
    "SELECT subtotal_cents AS subtotal, discount_cents AS discount, total_cents AS total, tip_cents AS tip FROM orders WHERE id = ?",
  )
    .bind(orderId)
    .first<{ subtotal: number; discount: number; total: number; tip: number }>();
  const rows = await env.DB.prepare(
    "SELECT kind, name, amount_cents FROM order_discounts WHERE order_id = ? ORDER BY position",
  )
    .bind(orderId)
    .all<StoredDiscount["rows"][number]>();
  const shares = await env.DB.prepare(
    "SELECT line_index, amount_cents FROM order_discount_lines WHERE order_id = ? ORDER BY line_index",
  )
    .bind(orderId)
    .all<StoredDiscount["shares"][number]>();
  return { ...order!, rows: rows.results, shares: shares.results };
}

async function ordersPlacedBy(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS placed FROM orders WHERE user_id = ? AND status <> 'completed'")
    .bind(userId)
    .first<{ placed: number }>();
  return row!.placed;
}

async function placed(response: Response): Promise<CreateOrderResponse> {
  expect(response.status, await response.clone().text()).toBe(201);
  return json<CreateOrderResponse>(response);
}

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status, await response.clone().text()).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

describe("a promo code on an order", () => {
  it("takes its percentage off the drinks, matched in any case, and stores the discount with each line's share", async () => {
    const code = await addPromoCode({ code: "TENOFF", amount: 10 });
    const { cookie } = await createReturningShopper();
    const { order } = await placed(await postOrder(cookie, { lines: LINES, phone: PHONE, promoCode: " tenOff " }));

    const stored = await storedDiscount(order.id);
    expect(stored.discount).toBe(Math.round(stored.subtotal / 10));
    expect(stored.total).toBe(stored.subtotal - stored.discount);
    expect(stored.rows).toEqual([{ kind: "promo", name: code, amount_cents: stored.discount }]);
    expect(stored.shares.map((share) => share.line_index)).toEqual([0, 1, 2]);
    expect(stored.shares.reduce((sum, share) => sum + share.amount_cents, 0)).toBe(stored.discount);
    expect(await usesOf(code)).toBe(1);
  });

  it("rounds a percentage once on the order and spreads it over the lines so the shares add up to the cent", async () => {
    // 33% of drinks whose prices do not divide evenly: each line's exact share has a fraction.
    const code = await addPromoCode({ code: "THIRTYTHREE", amount: 33 });
    const { cookie } = await createReturningShopper();
    const { order } = await placed(await postOrder(cookie, { lines: LINES, phone: PHONE, promoCode: code }));

    const stored = await storedDiscount(order.id);
    expect(stored.discount).toBe(Math.round((stored.subtotal * 33) / 100));
    expect(stored.shares.reduce((sum, share) => sum + share.amount_cents, 0)).toBe(stored.discount);
    // Each share is its line's part of the discount, off by less than a cent.
    for (const share of stored.shares) {
      const line = order.lines[share.line_index]!;
      expect(Math.abs(share.amount_cents - (stored.discount * line.subtotalCents) / stored.subtotal)).toBeLessThan(1);
    }
  });

  it("takes an amount off the drinks only: the tip stays on the subtotal before the discount, and the drinks never go below zero", async () => {
    const code = await addPromoCode({ code: "EVERYTHING", kind: "amount", amount: 100_000 });
    const { cookie } = await createReturningShopper();
    const { order } = await placed(
      await postOrder(cookie, { lines: LINES, phone: PHONE, tip: { percent: 15 }, promoCode: code }),
    );

    const stored = await storedDiscount(order.id);
    expect(stored.discount).toBe(stored.subtotal);
    expect(stored.tip).toBe(Math.round((stored.subtotal * 15) / 100));
    expect(stored.total).toBe(stored.tip);
  });

  it("off only the drinks it covers, when the owner names them", async () => {
    const code = await addPromoCode({ code: "LEMONADE1", kind: "amount", amount: 100 });
    await env.DB.prepare("INSERT INTO promo_code_drinks (code, product_id) VALUES (?, 'prd-charcoal-lemonade')")
      .bind(code)
      .run();
    const { cookie } = await createReturningShopper();
    const { order } = await placed(await postOrder(cookie, { lines: LINES, phone: PHONE, promoCode: code }));

    expect((await storedDiscount(order.id)).shares).toEqual([{ line_index: 2, amount_cents: 100 }]);
  });

  it("a blank code is no code", async () => {
    const { cookie } = await createReturningShopper();
    const { order } = await placed(await postOrder(cookie, { lines: LINES, phone: PHONE, promoCode: "  " }));
    const stored = await storedDiscount(order.id);
    expect(stored.discount).toBe(0);
    expect(stored.rows).toEqual([]);
  });

  it("the seed's WELCOME10 gives a new account 10% off its first order", async () => {
    const { cookie } = await createSignedInUser();
    const { order } = await placed(
      await postOrder(cookie, { lines: LINES.slice(0, 1), phone: PHONE, promoCode: "welcome10" }),
    );
    const stored = await storedDiscount(order.id);
    expect(stored.rows).toEqual([{ kind: "promo", name: "WELCOME10", amount_cents: Math.round(stored.subtotal / 10) }]);
  });
});

describe("a code that cannot apply is refused with its own code, and nothing is written", () => {
  async function expectRefused(
    body: { promoCode: string; lines?: unknown[]; locationId?: string },
    expected: string,
    shopper?: { cookie: string; userId: string },
  ) {
    const { cookie, userId } = shopper ?? (await createReturningShopper());
    const before = await ordersPlacedBy(userId);
    const error = await refusal(await postOrder(cookie, { lines: LINES, phone: PHONE, ...body }));
    expect(error.code).toBe(expected);
    expect(error.field).toBe("promoCode");
    expect(await ordersPlacedBy(userId)).toBe(before);
    return error;
  }

  it("promo_unknown", async () => {
    const error = await expectRefused({ promoCode: "NOSUCHCODE" }, "promo_unknown");
    expect(error.message).toContain("NOSUCHCODE");
  });

  it("promo_not_started", async () => {
    const code = await addPromoCode({ code: "LATER", startsOn: "2999-01-01" });
    await expectRefused({ promoCode: code }, "promo_not_started");
  });

  it("promo_expired", async () => {
    const code = await addPromoCode({ code: "BYGONE", endsOn: "2000-12-31" });
    await expectRefused({ promoCode: code }, "promo_expired");
  });

  it("promo_not_at_shop", async () => {
    const code = await addPromoCode({ code: "FULLERTONONLY" });
    await env.DB.prepare("INSERT INTO promo_code_shops (code, location_id) VALUES (?, 'loc-fullerton')")
      .bind(code)
      .run();
    await expectRefused({ promoCode: code, locationId: "loc-anaheim" }, "promo_not_at_shop");
  });

  it("promo_min_subtotal, saying how much more to add", async () => {
    const code = await addPromoCode({ code: "BIGORDER", kind: "amount", amount: 200, minSubtotalCents: 1000 });
    const error = await expectRefused(
      { promoCode: code, lines: [{ productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" }] },
      "promo_min_subtotal",
    );
    expect(error.message).toMatch(/\$10\.00 or more: add \$\d+\.\d\d more/);
  });

  it("promo_not_applicable", async () => {
    const code = await addPromoCode({ code: "SHOTSONLY" });
    await env.DB.prepare("INSERT INTO promo_code_drinks (code, product_id) VALUES (?, 'prd-immunity-shot')")
      .bind(code)
      .run();
    await expectRefused({ promoCode: code }, "promo_not_applicable");
  });

  it("promo_used_up", async () => {
    const code = await addPromoCode({ code: "ONLYONCE", maxUses: 1 });
    const first = await createReturningShopper();
    await placed(await postOrder(first.cookie, { lines: LINES, phone: PHONE, promoCode: code }));
    await expectRefused({ promoCode: code }, "promo_used_up");
  });

  it("promo_already_used", async () => {
    const code = await addPromoCode({ code: "ONCEEACH", maxUsesPerAccount: 1 });
    const shopper = await createReturningShopper();
    await placed(await postOrder(shopper.cookie, { lines: LINES, phone: PHONE, promoCode: code }));
    await expectRefused({ promoCode: code }, "promo_already_used", shopper);
  });

  it("promo_first_order_only, for an account that has had an order completed", async () => {
    await expectRefused({ promoCode: "WELCOME10" }, "promo_first_order_only");
  });
});

describe("limits no race can break", () => {
  it("20 accounts ordering at once with a code of one use: one order has it, 19 are told it is used up", async () => {
    const code = await addPromoCode({ code: "FIRSTCOMER", maxUses: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createReturningShopper()));
    const responses = await Promise.all(
      shoppers.map((shopper) => postOrder(shopper.cookie, { lines: LINES.slice(0, 1), phone: PHONE, promoCode: code })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((each) => each.status === 409)) {
      expect((await json<ApiErrorBody>(response)).error.code).toBe("promo_used_up");
    }
    const [winner] = responses.filter((response) => response.status === 201);
    const { order } = await json<CreateOrderResponse>(winner!);
    expect((await storedDiscount(order.id)).rows).toHaveLength(1);
    expect(await usesOf(code)).toBe(1);
  });

  it("5 orders at once from one account with a once-per-account code: one has it", async () => {
    const code = await addPromoCode({ code: "JUSTONCE", maxUsesPerAccount: 1 });
    const { cookie, userId } = await createReturningShopper();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postOrder(cookie, { lines: LINES.slice(0, 1), phone: PHONE, promoCode: code })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((each) => each.status !== 201)) {
      expect(response.status).toBe(409);
      expect((await json<ApiErrorBody>(response)).error.code).toBe("promo_already_used");
    }
    expect(await ordersPlacedBy(userId)).toBe(1);
    expect(await usesOf(code)).toBe(1);
  });

  it("a submission sent again with its Idempotency-Key is the same order and counts once", async () => {
    const code = await addPromoCode({ code: "REPLAYED", maxUses: 5 });
    const { cookie } = await createReturningShopper();
    const body = { lines: LINES, phone: PHONE, promoCode: code };
    const first = await placed(await postOrder(cookie, body, "promo-replay-key"));
    const again = await postOrder(cookie, { ...body, promoCode: code.toLowerCase() }, "promo-replay-key");
    expect(again.status).toBe(200);
    expect((await json<CreateOrderResponse>(again)).order.id).toBe(first.order.id);
    expect(await usesOf(code)).toBe(1);
  });

  it("the same key with another code is another request, refused", async () => {
    const code = await addPromoCode({ code: "KEYED" });
    const { cookie } = await createReturningShopper();
    await placed(await postOrder(cookie, { lines: LINES, phone: PHONE }, "promo-key-reused"));
    const again = await postOrder(cookie, { lines: LINES, phone: PHONE, promoCode: code }, "promo-key-reused");
    expect(again.status).toBe(422);
    expect(await usesOf(code)).toBe(0);
  });
});

describe("bad input", () => {
  it("a code that is not text is a 400 naming promoCode", async () => {
    const { cookie } = await createReturningShopper();
    const response = await api("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", Cookie: cookie },
      body: JSON.stringify({ lines: LINES, phone: PHONE, promoCode: 42 }),
    });
    expect(response.status).toBe(400);
    expect((await json<ApiErrorBody>(response)).error.field).toBe("promoCode");
  });
});
