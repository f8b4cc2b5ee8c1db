import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import { api, json } from "./helpers";
import { createSignedInUser } from "./sign-in";
import { jsonPost, PHONE } from "./store-helpers";

const NOWHERE = "loc-nowhere";
const sunriseMedium = { productId: "prd-sunrise-orange", size: "medium", quantity: 1, note: "" } as const;

afterEach(async () => {
  await env.DB.prepare("UPDATE locations SET takes_online_orders = 1").run();
});

function putShopChoice(locationId: string, cookie?: string) {
  return api("/api/shop-choice", {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://localhost:5173",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ locationId }),
  });
}

async function placeAt(locationId: string): Promise<Response> {
  const shopper = await createSignedInUser();
  return jsonPost("/api/orders", shopper.cookie, { lines: [sunriseMedium], phone: PHONE, locationId });
}

/** Every way into the API that takes a shop, asked about the shop `id`; with the field that names it. */
function everyDoor(id: string): [string, string, () => Promise<Response>][] {
  return [
    ["GET /api/store", "location", () => api(`/api/store?location=${id}`)],
    ["GET /api/pickup-days", "location", () => api(`/api/pickup-days?location=${id}`)],
    ["GET /api/payment-methods", "location", () => api(`/api/payment-methods?location=${id}`)],
    ["GET /api/delivery-area", "location", () => api(`/api/delivery-area?location=${id}`)],
    ["GET /api/categories", "location", () => api(`/api/categories?location=${id}`)],
    ["GET /api/products/featured", "location", () => api(`/api/products/featured?location=${id}`)],
    [
      "POST /api/cart-prices",
      "locationId",
      () =>
        jsonPost("/api/cart-prices", undefined, {
          locationId: id,
          lines: [{ productId: "prd-sunrise-orange", size: "medium" }],
        }),
    ],
    ["POST /api/orders", "locationId", () => placeAt(id)],
    ["PUT /api/shop-choice", "locationId", () => putShopChoice(id)],
  ];
}

describe("an id that names no shop", () => {
  it("gets the same 400 wherever it is sent, naming the field that sent it", async () => {
    for (const [door, field, ask] of everyDoor(NOWHERE)) {
      const response = await ask();
      expect(response.status, door).toBe(400);
      expect(await json<ApiErrorBody>(response), door).toEqual({
        error: { code: "invalid_input", message: `${field}: no shop has this id`, field },
      });
    }
  });
});

describe("a shop that does not take online orders", () => {
  it("is refused with the same 409 when chosen and when ordered from", async () => {
    await env.DB.prepare("UPDATE locations SET takes_online_orders = 0 WHERE id = 'loc-fullerton'").run();
    const shopper = await createSignedInUser();
    for (const [door, response] of [
      ["PUT /api/shop-choice", await putShopChoice("loc-fullerton", shopper.cookie)],
      ["POST /api/orders", await placeAt("loc-fullerton")],
    ] as const) {
      expect(response.status, door).toBe(409);
      expect(await json<ApiErrorBody>(response), door).toEqual({
        error: {
          code: "location_not_online",
          message: "Squeeze Fullerton does not take online orders. Choose another shop to order from.",
          field: "locationId",
        },
      });
    }
  });
});
