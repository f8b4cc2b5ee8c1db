import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import { json } from "./helpers";
import { createReturningShopper, createSignedInUser } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE } from "./store-helpers";

const FULLERTON = "loc-fullerton";
const SCOTTSDALE = "loc-scottsdale";

function juices(quantity: number) {
  return { productId: "prd-sunrise-orange", size: "medium", quantity, note: "" } as const;
}

function order(cookie: string, drinks: number, body: Partial<OrderRequest> = {}) {
  return jsonPost("/api/orders", cookie, { phone: PHONE, lines: [juices(drinks)], ...body });
}

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

/** Open unpaid drinks of accounts with no completed order, at a shop. */
async function newAccountsOpenDrinks(locationId: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT ifnull(sum(i.quantity), 0) AS drinks FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE o.location_id = ? AND o.status IN ('received', 'preparing', 'ready') AND o.payment_state IN ('not_required', 'pending')
       AND NOT EXISTS (SELECT 1 FROM orders c WHERE c.user_id = o.user_id AND c.status = 'completed')`,
  )
    .bind(locationId)
    .first<{ drinks: number }>();
  return row!.drinks;
}

// The development shops' setting (seed/opening-hours.sql); the other files run with it raised.
const SEEDED_LIMIT = 30;

beforeEach(async () => {
  await env.DB.prepare("UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = ?")
    .bind(SEEDED_LIMIT)
    .run();
});

afterEach(async () => {
  await env.DB.prepare(
    "UPDATE orders SET status = 'cancelled' WHERE status IN ('received', 'preparing', 'ready')",
  ).run();
});

describe("a shop's queue belongs to its shoppers, not to a few new accounts", () => {
  it("lets twelve new accounts racing for one shop hold no more than its max_new_account_unpaid_drinks (30)", async () => {
    const accounts = await Promise.all(Array.from({ length: 12 }, () => createSignedInUser()));
    const answers = await Promise.all(accounts.map((account) => order(account.cookie, 3)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      const error = (await json<ApiErrorBody>(answer)).error;
      expect(error.code).toBe("shop_busy");
      expect(error.message).toMatch(/Order at the counter, or call the shop at \+1 714 215 4499\./);
    }
    expect(await newAccountsOpenDrinks(ANAHEIM)).toBe(30);
    // Another shop's room for new accounts is its own.
    expect((await order(accounts[0]!.cookie, 1, { locationId: FULLERTON })).status).toBe(201);
  });

  it("takes a returning shopper's order while new accounts have filled the shop's room", async () => {
    await env.DB.prepare("UPDATE location_pickup_settings SET max_new_account_unpaid_drinks = 5 WHERE location_id = ?")
      .bind(ANAHEIM)
      .run();
    const newcomer = await createSignedInUser();
    expect((await order(newcomer.cookie, 5)).status).toBe(201);
    expect((await refusal(await order((await createSignedInUser()).cookie, 1))).code).toBe("shop_busy");
    const regular = await createReturningShopper();
    expect((await order(regular.cookie, 30)).status).toBe(201);
    expect((await order(regular.cookie, 10)).status).toBe(201);
    // Its own cap is the business's 40, whatever the shop.
    const error = await refusal(await order(regular.cookie, 1));
    expect(error).toMatchObject({ code: "open_drinks_limit", field: "lines" });
    expect(error.message).toContain("one account can have at most 40 at a time");
  });

  it("holds a new account to 10 open unpaid drinks of its own, and frees the room once one is paid", async () => {
    const newcomer = await createSignedInUser();
    const first = await order(newcomer.cookie, 6);
    expect(first.status).toBe(201);
    expect((await order(newcomer.cookie, 4)).status).toBe(201);
    const error = await refusal(await order(newcomer.cookie, 1, { locationId: SCOTTSDALE }));
    expect(error).toMatchObject({ code: "open_drinks_limit", field: "lines" });
    expect(error.message).toContain("You already have 10 drinks ordered and not yet paid for");
    expect(error.message).toContain("at most 10 at a time");
    const { order: placed } = await json<{ order: { id: string } }>(first);
    await env.DB.prepare("UPDATE orders SET payment_state = 'paid_at_counter' WHERE id = ?").bind(placed.id).run();
    expect((await order(newcomer.cookie, 6)).status).toBe(201);
  });

  it("refuses a burst from one new account past 10 drinks, however the orders arrive", async () => {
    const newcomer = await createSignedInUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(newcomer.cookie, 4)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409]);
  });

  it("counts an order awaiting its card payment as unpaid", async () => {
    const newcomer = await createSignedInUser();
    const placed = await order(newcomer.cookie, 8);
    const { order: pending } = await json<{ order: { id: string } }>(placed);
    await env.DB.prepare("UPDATE orders SET payment_mode = 'stripe', payment_state = 'pending' WHERE id = ?")
      .bind(pending.id)
      .run();
    expect((await refusal(await order(newcomer.cookie, 3))).code).toBe("open_drinks_limit");
  });
});

describe("the per-account cap is one number for every shop", () => {
  it("lets an account with 30 open drinks at one shop order 10 more at any other, and no more", async () => {
    const regular = await createReturningShopper();
    expect((await order(regular.cookie, 30)).status).toBe(201);
    // Fullerton takes 30 drinks an order: the cap is still the business's 40, not Fullerton's 30.
    expect((await order(regular.cookie, 10, { locationId: FULLERTON })).status).toBe(201);
    expect((await refusal(await order(regular.cookie, 1, { locationId: SCOTTSDALE }))).code).toBe("open_drinks_limit");
  });
});
