import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderAgainResponse } from "#common/order-again";
import type { CreateOrderResponse } from "#common/orders";
import { api, json } from "./helpers";
import { PHONE, postOrder } from "./order-requests";
import { createReturningShopper } from "./sign-in";
import { seedStatements } from "./seed-sql";
import { resetShop } from "./store-helpers";

// The menu as seeded again (its upserts undo these tests' edits), and the shop's state.
afterEach(async () => {
  await env.DB.batch(
    seedStatements(env.TEST_SEED_SQL)
      .filter((statement) => /INSERT INTO (categories|products|product_prices) /.test(statement))
      .map((statement) => env.DB.prepare(statement)),
  );
  await resetShop();
});

const lines = [
  {
    productId: "prd-sunrise-orange",
    size: "medium",
    quantity: 2,
    note: "for the office",
    modifierIds: ["opt-ice-light", "opt-boost-protein"],
  },
  { productId: "prd-berry-blast", size: "small", quantity: 1, note: "" },
  { productId: "prd-mango-tango", size: "large", quantity: 1, note: "" },
  { productId: "prd-ginger-shot", size: "default", quantity: 3, note: "" },
  { productId: "prd-green-machine", size: "small", quantity: 1, note: "" },
] as const;

async function placedOrderId(cookie: string): Promise<string> {
  const response = await postOrder(cookie, { lines: [...lines], phone: PHONE });
  expect(response.status).toBe(201);
  return (await json<CreateOrderResponse>(response)).order.id;
}

const again = (id: string, cookie?: string) =>
  api(`/api/orders/${encodeURIComponent(id)}/again`, { headers: cookie ? { Cookie: cookie } : {} });

describe("GET /api/orders/:id/again", () => {
  it("gives the order's drinks at today's prices, with notes, and says which are left out and why", async () => {
    const shopper = await createReturningShopper();
    const id = await placedOrderId(shopper.cookie);
    await env.DB.batch([
      // Dearer since: the line carries both prices.
      env.DB.prepare(
        "UPDATE product_prices SET price_cents = 749, discounted_price_cents = NULL WHERE product_id = 'prd-sunrise-orange' AND size = 'medium'",
      ),
      env.DB.prepare("UPDATE products SET is_hidden = 1 WHERE id = 'prd-berry-blast'"),
      env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-mango-tango' AND size = 'large'"),
      env.DB.prepare(
        "INSERT INTO sold_out_items (location_id, product_id, size, marked_by, marked_at) VALUES ('loc-anaheim', 'prd-ginger-shot', 'all', 'barista@example.com', '2026-11-25T08:00:00.000Z')",
      ),
    ]);

    const response = await again(id, shopper.cookie);
    expect(response.status).toBe(200);
    expect(await json<OrderAgainResponse>(response)).toEqual({
      lines: [
        {
          productId: "prd-sunrise-orange",
          categoryId: "cat-fresh-juices",
          name: "Sunrise Orange",
          image: "/images/drinks/sunrise-orange.svg",
          size: "medium",
          quantity: 2,
          note: "for the office",
          modifierIds: ["opt-ice-light", "opt-boost-protein"],
          options: [
            { id: "opt-ice-light", name: "Light ice", priceCents: 0, isDefault: false },
            { id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false },
          ],
          // $7.49 for the drink now, plus the protein boost.
          unitPriceCents: 849,
          previousUnitPriceCents: 749,
        },
        {
          productId: "prd-green-machine",
          categoryId: "cat-green-detox",
          name: "Green Machine",
          image: "/images/drinks/green-machine.svg",
          size: "small",
          quantity: 1,
          note: "",
          modifierIds: [],
          options: [],
          unitPriceCents: 649,
          previousUnitPriceCents: 649,
        },
      ],
      leftOut: [
        { name: "Berry Blast", size: "small", reason: "not_on_menu" },
        { name: "Mango Tango", size: "large", reason: "size_not_sold" },
        { name: "Ginger Fire Shot", size: "default", reason: "sold_out" },
      ],
    } satisfies OrderAgainResponse);
  });

  it("leaves out a drink taken off the menu with its whole category, and one sold out in that size only", async () => {
    const shopper = await createReturningShopper();
    const id = await placedOrderId(shopper.cookie);
    await env.DB.batch([
      env.DB.prepare("UPDATE categories SET is_hidden = 1 WHERE id = 'cat-green-detox'"),
      env.DB.prepare(
        "INSERT INTO sold_out_items (location_id, product_id, size, marked_by, marked_at) VALUES ('loc-anaheim', 'prd-sunrise-orange', 'medium', 'barista@example.com', '2026-11-25T08:00:00.000Z')",
      ),
    ]);
    const answer = await json<OrderAgainResponse>(await again(id, shopper.cookie));
    expect(answer.leftOut).toEqual(
      expect.arrayContaining([
        { name: "Green Machine", size: "small", reason: "not_on_menu" },
        { name: "Sunrise Orange", size: "medium", reason: "sold_out" },
      ]),
    );
    expect(answer.lines.map((line) => line.productId)).not.toContain("prd-sunrise-orange");
  });

  it("leaves out a drink whose option is no longer offered, and gives a required group added since its default", async () => {
    const shopper = await createReturningShopper();
    const id = await placedOrderId(shopper.cookie);
    await env.DB.batch([
      env.DB.prepare("UPDATE modifier_options SET is_hidden = 1 WHERE id = 'opt-boost-protein'"),
      // Green Machine gains the juices' ice choice after the order.
      env.DB.prepare(
        "INSERT INTO modifier_group_attachments (id, group_id, product_id, category_id, sort_order) VALUES ('att-ice-green-test', 'grp-ice', 'prd-green-machine', NULL, 20)",
      ),
    ]);
    const answer = await json<OrderAgainResponse>(await again(id, shopper.cookie));
    expect(answer.leftOut).toContainEqual({
      name: "Sunrise Orange",
      size: "medium",
      reason: "option_gone",
      option: "Protein",
    });
    expect(answer.lines.find((line) => line.productId === "prd-green-machine")).toMatchObject({
      modifierIds: ["opt-ice-regular"],
      unitPriceCents: 649,
    });
    await env.DB.batch([
      env.DB.prepare("UPDATE modifier_options SET is_hidden = 0 WHERE id = 'opt-boost-protein'"),
      env.DB.prepare("DELETE FROM modifier_group_attachments WHERE id = 'att-ice-green-test'"),
    ]);
  });

  it("leaves out a drink made with an option sold out at the shop now, naming the option", async () => {
    const shopper = await createReturningShopper();
    const id = await placedOrderId(shopper.cookie);
    await env.DB.prepare(
      "INSERT INTO sold_out_options (location_id, option_id, marked_by, marked_at) VALUES ('loc-anaheim', 'opt-boost-protein', 'barista@example.com', '2026-11-25T08:00:00.000Z')",
    ).run();
    const answer = await json<OrderAgainResponse>(await again(id, shopper.cookie));
    expect(answer.leftOut).toContainEqual({
      name: "Sunrise Orange",
      size: "medium",
      reason: "sold_out",
      option: "Protein",
    });
    expect(answer.lines.map((line) => line.productId)).not.toContain("prd-sunrise-orange");
    await env.DB.prepare("DELETE FROM sold_out_options").run();
  });

  it("answers 404 for another shopper's order, an unknown or an overlong id, and 401 to a guest", async () => {
    const owner = await createReturningShopper();
    const id = await placedOrderId(owner.cookie);
    const other = await createReturningShopper();
    for (const [orderId, cookie] of [
      [id, other.cookie],
      [crypto.randomUUID(), owner.cookie],
      ["x".repeat(101), owner.cookie],
      [`${id}'--`, owner.cookie],
    ] as const) {
      expect((await again(orderId, cookie)).status).toBe(404);
    }
    expect((await again(id)).status).toBe(401);
  });
});
