import { Hono } from "hono";
import type { CartPricesResponse } from "#common/cart-prices";
import { cartPricesRequestSchema } from "#common/forms/cart-prices";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { knownShop } from "#worker/services/shop/known-shop";
import { cartPricesAt } from "#worker/services/shop/menu/cart-prices";

/**
 * `POST /api/cart-prices` `{ locationId, lines: [{ productId, size, optionIds }] }`: each line's
 * price at that shop, or why it cannot be had there (common/cart-prices.ts). Reads only; never
 * cached (sold-out marks change within the day).
 */
export const cartPricesRouter = new Hono<AppEnv>().post("/", ...jsonBody(cartPricesRequestSchema), async (c) => {
  const { locationId, lines } = c.req.valid("json");
  const priced = knownShop(await cartPricesAt(getDb(c.env.DB), locationId, lines), "locationId");
  c.header("Cache-Control", "no-store");
  return c.json({ lines: priced } satisfies CartPricesResponse);
});
