import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { Product } from "#common/catalog";
import type { OrderLineRequest } from "#common/forms/checkout";
import type { CreateOrderResponse, Order } from "#common/orders";
import { ORDER_LIMITS } from "#common/order-limits";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { rowsPerInsert } from "#worker/db/batch";
import { getDb } from "#worker/db/client";
import { orderItemOptions } from "#worker/db/schema";
import { lineLabel } from "#worker/services/stripe-api";
import { api, json } from "./helpers";
import { orderEmailsOf, ordersOf, PHONE, postOrder } from "./order-requests";
import { createBarista, createReturningShopper } from "./sign-in";

const db = getDb(env.DB);

/** Berry Blast, small: $6.99, on sale at $5.99; a smoothie with Milk (exactly 1) and Boosts (up to 3). */
const BERRY_BLAST_SMALL = 599;
const OAT = "opt-milk-oat";
const PROTEIN = "opt-boost-protein";
const SPIRULINA = "opt-boost-spirulina";

function berryBlast(modifierIds?: string[], quantity = 1): OrderLineRequest {
  return { productId: "prd-berry-blast", size: "small", quantity, note: "", ...(modifierIds ? { modifierIds } : {}) };
}

async function place(lines: unknown[], extra: Record<string, unknown> = {}) {
  const shopper = await createReturningShopper();
  const response = await postOrder(shopper.cookie, { lines, phone: PHONE, ...extra });
  return { response, shopper };
}

async function placed(response: Response): Promise<CreateOrderResponse> {
  expect(response.status).toBe(201);
  return json<CreateOrderResponse>(response);
}

function optionRowsOf(orderId: string) {
  return db
    .select()
    .from(orderItemOptions)
    .where(eq(orderItemOptions.orderId, orderId))
    .orderBy(asc(orderItemOptions.lineIndex), asc(orderItemOptions.position));
}

describe("the catalog carries each drink's add-on groups", () => {
  it("lists a smoothie's groups in display order, with their rules and priced options", async () => {
    const response = await api("/api/categories/cat-smoothies/products/prd-berry-blast");
    const drink = await json<Product>(response);
    expect(
      drink.modifierGroups.map(({ id, name, minSelected, maxSelected }) => ({ id, name, minSelected, maxSelected })),
    ).toEqual([
      { id: "grp-milk", name: "Milk", minSelected: 1, maxSelected: 1 },
      { id: "grp-boosts", name: "Boosts", minSelected: 0, maxSelected: 3 },
    ]);
    expect(drink.modifierGroups[0]!.options).toEqual([
      { id: "opt-milk-dairy", name: "Dairy milk", priceCents: 0, isDefault: true },
      { id: "opt-milk-oat", name: "Oat milk", priceCents: 50, isDefault: false },
      { id: "opt-milk-almond", name: "Almond milk", priceCents: 50, isDefault: false },
    ]);
    expect(drink.modifierGroups[1]!.options.map((option) => option.name)).toEqual([
      "Protein",
      "Spirulina",
      "Collagen",
      "Chia seeds",
      "Ginger shot",
    ]);
  });

  it("offers lemonades Sweetness and Ice, a shot none, and leaves a hidden option out", async () => {
    const lemonade = await json<Product>(await api("/api/categories/cat-lemonades/products/prd-classic-lemonade"));
    expect(lemonade.modifierGroups.map((group) => group.name)).toEqual(["Sweetness", "Ice"]);
    const shot = await json<Product>(await api("/api/categories/cat-wellness-shots/products/prd-ginger-shot"));
    expect(shot.modifierGroups).toEqual([]);

    await env.DB.prepare("UPDATE modifier_options SET is_hidden = 1 WHERE id = 'opt-milk-almond'").run();
    const smoothies = await json<Product[]>(await api("/api/categories/cat-smoothies/products?fresh=1"));
    const milk = smoothies.find((drink) => drink.id === "prd-berry-blast")!.modifierGroups[0]!;
    expect(milk.options.map((option) => option.id)).toEqual(["opt-milk-dairy", "opt-milk-oat"]);
    await env.DB.prepare("UPDATE modifier_options SET is_hidden = 0 WHERE id = 'opt-milk-almond'").run();
  });

  it("bumps the catalog's version on every change to the add-on tables, and refuses a negative price", async () => {
    const version = async () =>
      (await env.DB.prepare("SELECT version FROM catalog_version WHERE id = 1").first<{ version: number }>())!.version;
    const before = await version();
    await env.DB.prepare("UPDATE modifier_options SET price_cents = 60 WHERE id = 'opt-milk-oat'").run();
    const afterOption = await version();
    await env.DB.prepare("UPDATE modifier_groups SET max_selected = 4 WHERE id = 'grp-boosts'").run();
    const afterGroup = await version();
    await env.DB.prepare("DELETE FROM modifier_group_attachments WHERE id = 'att-boosts-green'").run();
    expect(afterOption).toBeGreaterThan(before);
    expect(afterGroup).toBeGreaterThan(afterOption);
    expect(await version()).toBeGreaterThan(afterGroup);
    await expect(
      env.DB.prepare("UPDATE modifier_options SET price_cents = -1 WHERE id = 'opt-milk-oat'").run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    // Put the seed back for the tests below.
    await env.DB.batch([
      env.DB.prepare("UPDATE modifier_options SET price_cents = 50 WHERE id = 'opt-milk-oat'"),
      env.DB.prepare("UPDATE modifier_groups SET max_selected = 3 WHERE id = 'grp-boosts'"),
      env.DB.prepare(
        "INSERT INTO modifier_group_attachments (id, group_id, category_id, sort_order) VALUES ('att-boosts-green', 'grp-boosts', 'cat-green-detox', 30)",
      ),
    ]);
  });
});

describe("an order's line is priced with its options on the server", () => {
  it("costs (size price + options) × quantity, and keeps the options on the order, its page and the board", async () => {
    const { response, shopper } = await place([berryBlast([OAT, PROTEIN, SPIRULINA], 2)]);
    const { order } = await placed(response);
    const unit = BERRY_BLAST_SMALL + 50 + 100 + 75;
    expect(order.lines[0]).toMatchObject({ unitPriceCents: unit, quantity: 2, subtotalCents: unit * 2 });
    expect(order.totalCents).toBe(unit * 2);
    expect(order.lines[0]!.options).toEqual([
      { name: "Oat milk", priceCents: 50, isDefault: false },
      { name: "Protein", priceCents: 100, isDefault: false },
      { name: "Spirulina", priceCents: 75, isDefault: false },
    ]);

    const read = await json<{ order: Order }>(
      await api(`/api/orders/${order.id}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(read.order.lines[0]!.options.map((option) => option.name)).toEqual(["Oat milk", "Protein", "Spirulina"]);

    // Both e-mails name the choices with their prices.
    const emails = await orderEmailsOf(order.id);
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      // The text part lists them on their own line under the drink, so the amounts stay in one column.
      expect(email.text).toMatch(
        /^2 × Berry Blast +\$\d+\.\d{2}\n {2}Small · .*\n {2}Oat milk \(\+\$0\.50\), Protein \(\+\$1\.00\), Spirulina \(\+\$0\.75\)$/m,
      );
      expect(email.html).toContain("Oat milk (+$0.50), Protein (+$1.00), Spirulina (+$0.75)");
    }

    const barista = await createBarista();
    const board = await json<StaffOrdersResponse>(
      await api("/api/staff/orders", { headers: { Cookie: barista.cookie } }),
    );
    const ticket = board.orders.find((candidate) => candidate.id === order.id)!;
    expect(ticket.lines[0]!.options.map((option) => option.name)).toEqual(["Oat milk", "Protein", "Spirulina"]);
  });

  it("ignores every price the browser sends, and says the total it showed was not the one charged", async () => {
    const tampered = [
      { ...berryBlast([OAT]), priceCents: 1, unitPriceCents: 1 },
      { ...berryBlast([OAT]), options: [{ id: OAT, priceCents: 0 }] },
    ];
    for (const line of tampered) {
      const { response } = await place([line], { displayedTotalCents: BERRY_BLAST_SMALL });
      const { order, totalChanged } = await placed(response);
      expect(order.totalCents).toBe(BERRY_BLAST_SMALL + 50);
      expect(totalChanged).toBe(true);
    }
  });

  it("makes a line sent without options (a cart saved before add-ons) with the defaults, which show nowhere", async () => {
    const { response } = await place([berryBlast()]);
    const { order } = await placed(response);
    expect(order.totalCents).toBe(BERRY_BLAST_SMALL);
    expect(order.lines[0]!.options).toEqual([{ name: "Dairy milk", priceCents: 0, isDefault: true }]);
  });

  it("names the non-default options on Stripe's line, and leaves a line of defaults as it was", () => {
    const line = { name: "Berry Blast", size: "small", unitPriceCents: 824, quantity: 1 };
    expect(
      lineLabel({
        ...line,
        options: [
          { name: "Oat milk", priceCents: 50, isDefault: false },
          { name: "Protein", priceCents: 100, isDefault: false },
        ],
      }),
    ).toBe("Berry Blast (small) · Oat milk (+$0.50), Protein (+$1.00)");
    expect(lineLabel({ ...line, options: [{ name: "Dairy milk", priceCents: 0, isDefault: true }] })).toBe(
      "Berry Blast (small)",
    );
  });

  it("counts the options in a retried submission's idempotency: the same key with other options is refused", async () => {
    const shopper = await createReturningShopper();
    const key = crypto.randomUUID();
    const first = await postOrder(shopper.cookie, { lines: [berryBlast([OAT])], phone: PHONE }, key);
    expect(first.status).toBe(201);
    const again = await postOrder(shopper.cookie, { lines: [berryBlast([OAT])], phone: PHONE }, key);
    expect(again.status).toBe(200);
    const changed = await postOrder(shopper.cookie, { lines: [berryBlast([OAT, PROTEIN])], phone: PHONE }, key);
    expect(changed.status).toBe(422);
  });

  it(`stores the largest order whole: ${ORDER_LIMITS.maxLines} lines with 5 options each`, async () => {
    await env.DB.prepare("UPDATE modifier_groups SET max_selected = 5 WHERE id = 'grp-boosts'").run();
    const five = [OAT, PROTEIN, SPIRULINA, "opt-boost-collagen", "opt-boost-chia"];
    const lines = Array.from({ length: ORDER_LIMITS.maxLines }, (_, index) => ({
      ...berryBlast(five),
      note: `line ${index}`,
    }));
    const { response, shopper } = await place(lines);
    const { order } = await placed(response);
    await env.DB.prepare("UPDATE modifier_groups SET max_selected = 3 WHERE id = 'grp-boosts'").run();

    const unit = BERRY_BLAST_SMALL + 50 + 100 + 75 + 125 + 50;
    expect(order.totalCents).toBe(unit * ORDER_LIMITS.maxLines);
    const rows = await optionRowsOf(order.id);
    expect(rows).toHaveLength(ORDER_LIMITS.maxLines * 5);
    // More rows than one statement may bind: the insert was split.
    expect(rows.length).toBeGreaterThan(rowsPerInsert(orderItemOptions));
    const read = await json<{ order: Order }>(
      await api(`/api/orders/${order.id}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(read.order.lines).toHaveLength(ORDER_LIMITS.maxLines);
    for (const [index, line] of read.order.lines.entries()) {
      expect(line.note).toBe(`line ${index}`);
      expect(line.options.map((option) => option.name)).toEqual([
        "Oat milk",
        "Protein",
        "Spirulina",
        "Collagen",
        "Chia seeds",
      ]);
    }
  });
});

describe("an order whose options its drink's groups do not allow is refused, naming the line", () => {
  const refusals: Array<[string, string[], RegExp]> = [
    ["an unknown option", [OAT, "opt-no-such-thing"], /opt-no-such-thing/],
    ["an option id in other capitals", ["OPT-MILK-OAT"], /OPT-MILK-OAT/],
    ["a group's id instead of an option's", ["grp-milk"], /grp-milk/],
    ["an option with SQL in its id", [`${OAT}' OR '1'='1`], /not an option/],
    ["an option of a group the smoothie does not have (ice)", [OAT, "opt-ice-light"], /opt-ice-light/],
    ["an option of bubble tea's toppings", [OAT, "opt-topping-boba"], /opt-topping-boba/],
    ["the same option twice", [OAT, OAT], /Oat milk is chosen more than once/],
    ["the same boost twice", [OAT, PROTEIN, PROTEIN], /Protein is chosen more than once/],
    ["no milk at all", [], /Milk: choose 1/],
    ["boosts without a milk", [PROTEIN], /Milk: choose 1/],
    ["two milks", [OAT, "opt-milk-almond"], /Milk: choose at most 1/],
    ["four boosts", [OAT, PROTEIN, SPIRULINA, "opt-boost-collagen", "opt-boost-chia"], /Boosts: choose at most 3/],
  ];
  for (const [what, modifierIds, message] of refusals) {
    it(`refuses ${what} with 400 on lines.<i>.modifierIds, writing nothing`, async () => {
      const lines = [
        { productId: "prd-sunrise-orange", size: "small", quantity: 1, note: "" },
        berryBlast(modifierIds),
      ];
      const { response, shopper } = await place(lines);
      expect(response.status).toBe(400);
      const { error } = await json<ApiErrorBody>(response);
      expect(error.field).toBe("lines.1.modifierIds");
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/^Line 2: /);
      expect(await ordersOf(shopper.userId)).toHaveLength(0);
    });
  }

  it("refuses a hidden option, and a milk on a juice, as options the drink does not have", async () => {
    await env.DB.prepare("UPDATE modifier_options SET is_hidden = 1 WHERE id = 'opt-milk-almond'").run();
    const hidden = await place([berryBlast(["opt-milk-almond"])]);
    await env.DB.prepare("UPDATE modifier_options SET is_hidden = 0 WHERE id = 'opt-milk-almond'").run();
    expect(hidden.response.status).toBe(400);
    expect((await json<ApiErrorBody>(hidden.response)).error.field).toBe("lines.0.modifierIds");

    const juice = await place([
      { productId: "prd-sunrise-orange", size: "small", quantity: 1, note: "", modifierIds: ["opt-ice-regular", OAT] },
    ]);
    expect(juice.response.status).toBe(400);
    const { error } = await json<ApiErrorBody>(juice.response);
    expect(error).toMatchObject({ field: "lines.0.modifierIds" });
    expect(error.message).toMatch(/opt-milk-oat/);
  });

  it("refuses option lists that are not lists of ids at the edge", async () => {
    for (const modifierIds of ["opt-milk-oat", [1], [null], Array.from({ length: 21 }, () => OAT)]) {
      const { response } = await place([{ ...berryBlast(), modifierIds }]);
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toMatch(/^lines\.0\.modifierIds/);
    }
  });
});
