import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import type { StaffAvailability } from "#common/staff-availability";
import { api, json } from "./helpers";
import { createBarista, createSignedInUser, createStaffOfAnotherLocation } from "./sign-in";
import { ANAHEIM, jsonPost, PHONE, resetShop, store, TUESDAY_NOON, useShopClock } from "./store-helpers";

afterEach(resetShop);

const MARK = "/api/staff/availability/option-sold-out";
const berrySmall = { productId: "prd-berry-blast", size: "small", quantity: 1, note: "" } as const;
const sunriseMedium = { productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" } as const;

function placeOrder(cookie: string, lines: OrderRequest["lines"]) {
  return jsonPost("/api/orders", cookie, { lines, phone: PHONE });
}

async function refusal(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(409);
  return (await json<ApiErrorBody>(response)).error;
}

async function optionEvents() {
  const { results } = await env.DB.prepare(
    "SELECT kind, product_id, size, option_id, actor_email, created_at FROM availability_events WHERE location_id = ? ORDER BY id",
  )
    .bind(ANAHEIM)
    .all();
  return results;
}

describe("marking an add-on option sold out", () => {
  it("marks oat milk sold out and back with one call each, lists the add-ons, records who and when, and shoppers see it", async () => {
    const clock = useShopClock();
    const barista = await createBarista();
    const before = await json<StaffAvailability>(
      await api("/api/staff/availability", { headers: { Cookie: barista.cookie } }),
    );
    expect(before.addOns.find((group) => group.groupId === "grp-milk")).toEqual({
      groupId: "grp-milk",
      name: "Milk",
      offeredWith: ["Berry Blast", "Mango Tango", "Peanut Butter Power", "Strawberry Banana"],
      options: [
        { optionId: "opt-milk-dairy", name: "Dairy milk" },
        { optionId: "opt-milk-oat", name: "Oat milk" },
        { optionId: "opt-milk-almond", name: "Almond milk" },
      ],
    });
    // Two groups of one name are told apart by what they come with.
    const sweetness = before.addOns.filter((group) => group.name === "Sweetness");
    expect(sweetness.map((group) => group.offeredWith)).toEqual([["Lemonades"], ["Bubble Tea"]]);
    expect(before.soldOutOptions).toEqual([]);

    const marked = await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut: true });
    expect(marked.status).toBe(200);
    expect((await json<StaffAvailability>(marked)).soldOutOptions).toEqual([
      { optionId: "opt-milk-oat", markedBy: "barista@example.com", markedAt: TUESDAY_NOON.toISOString() },
    ]);
    expect((await store()).soldOutOptions).toEqual(["opt-milk-oat"]);
    // A second tap (another tablet) changes nothing and records nothing.
    await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut: true });

    clock.advance(30 * 60_000);
    const back = await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut: false });
    expect((await json<StaffAvailability>(back)).soldOutOptions).toEqual([]);
    expect((await store()).soldOutOptions).toEqual([]);
    expect(await optionEvents()).toEqual([
      {
        kind: "sold_out",
        product_id: null,
        size: null,
        option_id: "opt-milk-oat",
        actor_email: "barista@example.com",
        created_at: TUESDAY_NOON.toISOString(),
      },
      {
        kind: "back_on_menu",
        product_id: null,
        size: null,
        option_id: "opt-milk-oat",
        actor_email: "barista@example.com",
        created_at: "2026-03-10T19:30:00.000Z",
      },
    ]);
  });

  it("answers 401 to a guest and 403 to a shopper, and changes nothing", async () => {
    const shopper = await createSignedInUser();
    const body = { optionId: "opt-milk-oat", soldOut: true };
    expect((await jsonPost(MARK, undefined, body)).status).toBe(401);
    expect((await jsonPost(MARK, shopper.cookie, body)).status).toBe(403);
    expect((await store()).soldOutOptions).toEqual([]);
    expect(await optionEvents()).toEqual([]);
  });

  it("lets another location's staff mark it only at their own location", async () => {
    const other = await createStaffOfAnotherLocation();
    expect((await jsonPost(MARK, other.cookie, { optionId: "opt-milk-oat", soldOut: true })).status).toBe(200);
    expect((await store()).soldOutOptions).toEqual([]);
    expect((await store(`?location=${other.locationId}`)).soldOutOptions).toEqual(["opt-milk-oat"]);
    expect(await optionEvents()).toEqual([]);
  });

  it("refuses bad input with 400 naming the field, and an unknown or hidden option with 404", async () => {
    const barista = await createBarista();
    for (const body of [
      {},
      { optionId: "", soldOut: true },
      { optionId: "   ", soldOut: true },
      { optionId: 7, soldOut: true },
      { optionId: ["opt-milk-oat"], soldOut: true },
      { optionId: "x".repeat(101), soldOut: true },
    ]) {
      const response = await jsonPost(MARK, barista.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toBe("optionId");
    }
    for (const soldOut of ["yes", 1, null, undefined]) {
      const response = await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut });
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.field).toBe("soldOut");
    }
    await env.DB.prepare("UPDATE modifier_options SET is_hidden = 1 WHERE id = 'opt-topping-foam'").run();
    try {
      for (const optionId of ["opt-milk-goat", "' OR 1=1 --", "prd-berry-blast", "opt-topping-foam"]) {
        const response = await jsonPost(MARK, barista.cookie, { optionId, soldOut: true });
        expect(response.status, optionId).toBe(404);
        expect((await json<ApiErrorBody>(response)).error.field).toBe("optionId");
      }
    } finally {
      await env.DB.prepare("UPDATE modifier_options SET is_hidden = 0 WHERE id = 'opt-topping-foam'").run();
    }
    expect((await store()).soldOutOptions).toEqual([]);
  });
});

describe("POST /api/orders with an option sold out", () => {
  it("refuses the race: oat milk marked sold out between the page's load and the order", async () => {
    useShopClock();
    const [shopper, barista] = await Promise.all([createSignedInUser(), createBarista()]);
    // The drink page loaded with oat milk on offer…
    expect((await store()).soldOutOptions).toEqual([]);
    // …then the barista runs out, before the shopper presses Checkout.
    await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut: true });
    const error = await refusal(
      await placeOrder(shopper.cookie, [
        sunriseMedium,
        { ...berrySmall, modifierIds: ["opt-boost-protein", "opt-milk-oat"] },
      ]),
    );
    expect(error).toEqual({
      code: "sold_out",
      field: "lines.1.modifierIds.1",
      message:
        "Line 2: Oat milk is sold out today (Berry Blast). Remove the drink from your cart and choose it again with another option.",
    });
    const { results } = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?").bind(shopper.userId).all();
    expect(results).toEqual([]);

    // Almond milk, or any drink without oat milk, is still made; oat milk once it is back.
    expect((await placeOrder(shopper.cookie, [{ ...berrySmall, modifierIds: ["opt-milk-almond"] }])).status).toBe(201);
    await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-oat", soldOut: false });
    expect((await placeOrder(shopper.cookie, [{ ...berrySmall, modifierIds: ["opt-milk-oat"] }])).status).toBe(201);
  });

  it("refuses a line sent without options whose default is sold out, naming the option", async () => {
    useShopClock();
    const [shopper, barista] = await Promise.all([createSignedInUser(), createBarista()]);
    await jsonPost(MARK, barista.cookie, { optionId: "opt-milk-dairy", soldOut: true });
    const error = await refusal(await placeOrder(shopper.cookie, [berrySmall]));
    expect(error).toMatchObject({ code: "sold_out", field: "lines.0.modifierIds.0" });
    expect(error.message).toContain("Dairy milk is sold out today (Berry Blast)");
    // A drink without a milk group is not concerned.
    expect((await placeOrder(shopper.cookie, [sunriseMedium])).status).toBe(201);
  });

  it("refuses an option sold out at the shop only there: another location's mark does not count", async () => {
    useShopClock();
    const [shopper, other] = await Promise.all([createSignedInUser(), createStaffOfAnotherLocation()]);
    await jsonPost(MARK, other.cookie, { optionId: "opt-milk-oat", soldOut: true });
    expect((await placeOrder(shopper.cookie, [{ ...berrySmall, modifierIds: ["opt-milk-oat"] }])).status).toBe(201);
  });
});
