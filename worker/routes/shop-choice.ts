import { Hono } from "hono";
import { shopChoiceSchema } from "#common/forms/shop-choice";
import { getDb } from "#worker/db/client";
import type { ShopChoiceResponse } from "#common/locations";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { requireOnlineShop } from "#worker/services/shop/known-shop";
import { rememberShopOnAccount, setShopCookie } from "#worker/services/shop/shop-choice";

/**
 * `PUT /api/shop-choice` `{ locationId }`: the shopper picks a shop. The shop cookie remembers it
 * for this browser (the server renders that shop's pages) and, for a signed-in shopper, the
 * account does too. Unknown shop: 400 naming locationId; one not taking online orders: 409
 * `location_not_online`. Answers the shop's id and name.
 */
export const shopChoiceRouter = new Hono<AppEnv>().put("/", ...jsonBody(shopChoiceSchema), async (c) => {
  c.header("Cache-Control", "no-store");
  const db = getDb(c.env.DB);
  const shop = await requireOnlineShop(db, c.req.valid("json").locationId, "locationId");
  const userId = c.get("userId");
  if (userId) await rememberShopOnAccount(db, userId, shop.id);
  setShopCookie(c, shop.id);
  return c.json({ locationId: shop.id, name: shop.name } satisfies ShopChoiceResponse);
});
