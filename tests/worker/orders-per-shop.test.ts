import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { OrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse } from "#common/orders";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import { emailOutbox, orders } from "#worker/db/schema";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";
import { jsonPost, PHONE, resetShop, store, useShopClock } from "./store-helpers";

const db = getDb(env.DB);
const FULLERTON = "loc-fullerton";
const SCOTTSDALE = "loc-scottsdale";

afterEach(async () => {
  await resetShop();
  await env.DB.prepare("UPDATE locations SET takes_online_orders = 1").run();
  await env.DB.prepare("UPDATE location_pickup_settings SET slot_capacity = 4").run();
});

const sunriseMedium = { productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" } as const;

function order(cookie: string, body: Partial<OrderRequest> & Record<string, unknown> = {}) {
  return jsonPost("/api/orders", cookie, { lines: [sunriseMedium], phone: PHONE, ...body });
}

async function placedAt(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  const { order: placed } = await json<CreateOrderResponse>(response);
  const [row] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, placed.id));
  return row!.locationId;
}

async function refusal(response: Response, status = 409): Promise<ApiErrorBody["error"]> {
  expect(response.status).toBe(status);
  return (await json<ApiErrorBody>(response)).error;
}

const signIn = (email: string) => createSignedInUser({ email, username: email.split("@")[0] });

async function boardIds(cookie: string, location?: string): Promise<string[]> {
  const response = await api(`/api/staff/orders${location ? `?location=${location}` : ""}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  return (await json<StaffOrdersResponse>(response)).orders.map((entry) => entry.id);
}

describe("POST /api/orders: the shop named by locationId", () => {
  it("places at the default shop without locationId, and at the named shop with it", async () => {
    const shopper = await createSignedInUser();
    expect(await placedAt(await order(shopper.cookie))).toBe("loc-anaheim");
    expect(await placedAt(await order(shopper.cookie, { locationId: FULLERTON }))).toBe(FULLERTON);
    // Spaces around a real id are trimmed like every other field.
    expect(await placedAt(await order(shopper.cookie, { locationId: ` ${SCOTTSDALE} ` }))).toBe(SCOTTSDALE);
  });

  it("refuses an Idempotency-Key sent again for another shop (422), named in the query or the body", async () => {
    const shopper = await createSignedInUser();
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const first = await jsonPost("/api/orders", shopper.cookie, { lines: [sunriseMedium], phone: PHONE }, key);
    expect(await placedAt(first)).toBe("loc-anaheim");
    const elsewhere = [
      jsonPost(`/api/orders?location=${FULLERTON}`, shopper.cookie, { lines: [sunriseMedium], phone: PHONE }, key),
      jsonPost("/api/orders", shopper.cookie, { lines: [sunriseMedium], phone: PHONE, locationId: SCOTTSDALE }, key),
    ];
    for (const response of await Promise.all(elsewhere)) {
      expect((await refusal(response, 422)).code).toBe("idempotency_key_reused");
    }
    // The same shop named outright is the same order.
    const again = await jsonPost(
      "/api/orders",
      shopper.cookie,
      { lines: [sunriseMedium], phone: PHONE, locationId: "loc-anaheim" },
      key,
    );
    expect(again.status).toBe(200);
    expect((await db.select().from(orders).where(eq(orders.userId, shopper.userId))).length).toBe(1);
  });

  it("answers 400 naming locationId for an id that is no shop, in several spellings, and writes nothing", async () => {
    const shopper = await createSignedInUser();
    const spellings: unknown[] = [
      "loc-nowhere",
      "LOC-FULLERTON",
      "Loc-Fullerton",
      "loc-fullerton%20",
      "loc-fullerton\u0000",
      "loc_fullerton",
      "fullerton",
      "../loc-anaheim",
      "loc-anaheim' OR '1'='1",
      "",
      "   ",
      "x".repeat(101),
      42,
      null,
      ["loc-fullerton"],
      { id: "loc-fullerton" },
    ];
    for (const locationId of spellings) {
      const error = await refusal(await order(shopper.cookie, { locationId } as never), 400);
      expect(error.field, JSON.stringify(locationId)).toBe("locationId");
    }
    expect(await db.select().from(orders).where(eq(orders.userId, shopper.userId))).toHaveLength(0);
  });

  it("refuses with 409 location_not_online a shop that does not take online orders, and no other", async () => {
    const shopper = await createSignedInUser();
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = ?").bind(FULLERTON).run();
    const error = await refusal(await order(shopper.cookie, { locationId: FULLERTON }));
    expect(error).toMatchObject({ code: "location_not_online", field: "locationId" });
    expect(error.message).toContain("Squeeze Fullerton");
    expect(await placedAt(await order(shopper.cookie, { locationId: SCOTTSDALE }))).toBe(SCOTTSDALE);
  });

  it("is closed here and open there: store_closed for the closed shop only", async () => {
    useShopClock();
    const shopper = await createSignedInUser();
    await env.DB.prepare(
      "INSERT INTO location_hours_exceptions (location_id, date, opens, closes) VALUES (?, '2026-03-10', NULL, NULL)",
    )
      .bind(FULLERTON)
      .run();
    expect((await refusal(await order(shopper.cookie, { locationId: FULLERTON }))).code).toBe("store_closed");
    expect(await placedAt(await order(shopper.cookie))).toBe("loc-anaheim");
    expect(await placedAt(await order(shopper.cookie, { locationId: SCOTTSDALE }))).toBe(SCOTTSDALE);
  });

  it("is paused here only: a barista's pause stops their own shop, not the others", async () => {
    useShopClock();
    const [shopper, fullertonBarista] = await Promise.all([
      createSignedInUser(),
      signIn("barista.fullerton@example.com"),
    ]);
    expect((await jsonPost("/api/staff/availability/pause", fullertonBarista.cookie, { minutes: 15 })).status).toBe(
      200,
    );
    expect((await refusal(await order(shopper.cookie, { locationId: FULLERTON }))).code).toBe("ordering_paused");
    expect(await placedAt(await order(shopper.cookie))).toBe("loc-anaheim");
  });

  it("is sold out here only", async () => {
    useShopClock();
    const [shopper, scottsdaleBarista] = await Promise.all([
      createSignedInUser(),
      signIn("barista.scottsdale@example.com"),
    ]);
    const marked = await jsonPost("/api/staff/availability/sold-out", scottsdaleBarista.cookie, {
      productId: "prd-sunrise-orange",
      size: "all",
      soldOut: true,
    });
    expect(marked.status).toBe(200);
    const error = await refusal(await order(shopper.cookie, { locationId: SCOTTSDALE }));
    expect(error).toMatchObject({ code: "sold_out", field: "lines.0" });
    expect(await placedAt(await order(shopper.cookie, { locationId: FULLERTON }))).toBe(FULLERTON);
  });

  it("fills a pickup slot per shop: a full slot at Fullerton leaves Anaheim's same slot open", async () => {
    useShopClock();
    await env.DB.prepare("UPDATE location_pickup_settings SET slot_capacity = 1 WHERE location_id = ?")
      .bind(FULLERTON)
      .run();
    const [first, second] = await Promise.all([createSignedInUser(), createSignedInUser()]);
    const startsAt = (await store(`?location=${FULLERTON}`)).pickupSlots[3]!.startsAt;
    const pickup = { mode: "slot" as const, startsAt };
    expect(await placedAt(await order(first.cookie, { locationId: FULLERTON, pickup }))).toBe(FULLERTON);
    const full = await refusal(await order(second.cookie, { locationId: FULLERTON, pickup }));
    expect(full).toMatchObject({ code: "slot_full", field: "pickup.startsAt" });
    expect(await placedAt(await order(second.cookie, { pickup }))).toBe("loc-anaheim");
  });

  it("delivers per shop: each shop's ZIP codes and fee, and none from Scottsdale", async () => {
    const shopper = await createSignedInUser();
    const delivery = { fulfilment: "delivery" as const, street: "300 N Harbor Blvd" };
    const fullerton = await order(shopper.cookie, { ...delivery, zip: "92832", locationId: FULLERTON });
    expect(fullerton.status).toBe(201);
    expect((await json<CreateOrderResponse>(fullerton)).order).toMatchObject({
      deliveryFeeCents: 299,
      fulfilmentAddress: "300 N Harbor Blvd, Fullerton, CA 92832",
    });
    // Fullerton's ZIP is outside Anaheim's area, and Scottsdale delivers nowhere.
    const anaheim = await refusal(await order(shopper.cookie, { ...delivery, zip: "92832" }), 422);
    expect(anaheim).toMatchObject({ code: "outside_delivery_area", field: "zip" });
    for (const zip of ["92832", "92805", "85251"]) {
      const scottsdale = await refusal(await order(shopper.cookie, { ...delivery, zip, locationId: SCOTTSDALE }), 422);
      expect(scottsdale).toMatchObject({ code: "delivery_not_offered", field: "fulfilment" });
    }
  });

  it("is too large for one shop and not another (each shop's drink limit)", async () => {
    const shopper = await createSignedInUser();
    await env.DB.prepare("UPDATE location_pickup_settings SET max_drinks_per_order = 2 WHERE location_id = ?")
      .bind(FULLERTON)
      .run();
    const three = { lines: [{ ...sunriseMedium, quantity: 3 }] };
    expect((await refusal(await order(shopper.cookie, { ...three, locationId: FULLERTON }))).code).toBe(
      "order_too_large",
    );
    expect(await placedAt(await order(shopper.cookie, three))).toBe("loc-anaheim");
    await env.DB.prepare("UPDATE location_pickup_settings SET max_drinks_per_order = 30 WHERE location_id = ?")
      .bind(FULLERTON)
      .run();
  });

  it("sends the shop's copy to that shop's inbox and names the shop to the shopper", async () => {
    const shopper = await createSignedInUser({ email: `shop-mail-${crypto.randomUUID().slice(0, 8)}@example.com` });
    const mails = async (response: Response) => {
      expect(response.status).toBe(201);
      const { order: placed } = await json<CreateOrderResponse>(response);
      const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
      return new Map(rows.map((row) => [row.kind, row]));
    };
    const fullerton = await mails(await order(shopper.cookie, { locationId: FULLERTON }));
    expect(fullerton.get("order-shop")!.recipient).toBe("fullerton@squeeze-juice.example");
    expect(fullerton.get("order-customer")!.text).toContain("Squeeze Fullerton");
    expect(fullerton.get("order-shop")!.text).toContain("Squeeze Fullerton");
    // Anaheim has no inbox of its own: the company's.
    const anaheim = await mails(await order(shopper.cookie));
    expect(anaheim.get("order-shop")!.recipient).toBe(env.SHOP_EMAIL);
    expect(anaheim.get("order-customer")!.text).toContain("Squeeze Anaheim");
  });

  it("puts the order on its own shop's board only", async () => {
    const [shopper, anaheimBarista, fullertonBarista] = await Promise.all([
      createSignedInUser(),
      signIn("barista@example.com"),
      signIn("barista.fullerton@example.com"),
    ]);
    const response = await order(shopper.cookie, { locationId: FULLERTON });
    const { order: placed } = await json<CreateOrderResponse>(response);
    expect(await boardIds(fullertonBarista.cookie)).toContain(placed.id);
    expect(await boardIds(anaheimBarista.cookie)).not.toContain(placed.id);
  });
});
