import { Hono } from "hono";
import type { CartPricesResponse } from "#common/cart-prices";
import { cartPricesRequestSchema } from "#common/forms/cart-prices";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { cartReward, NO_CART_REWARD } from "#worker/services/loyalty/cart-reward";
import { hasCompletedOrder } from "#worker/services/orders/completed-orders";
import { cartPromo, NO_CART_PROMO } from "#worker/services/promo-codes/cart-promo";
import { countWrongPromoCode } from "#worker/services/promo-codes/wrong-codes";
import { knownShop } from "#worker/services/shop/known-shop";
import { cartPricesAt, publicLinePrice } from "#worker/services/shop/menu/cart-prices";

/**
 * `POST /api/cart-prices` `{ locationId, lines: [{ productId, size, optionIds, quantity }], promoCode, reward }`:
 * each line's price at that shop, or why it cannot be had there, what the code or the signed-in
 * shopper's reward takes off or why it cannot (common/cart-prices.ts). Reads only; never cached (sold-out marks change within
 * the day). A wrong code spends the caller's budget of them (429 past it).
 */
export const cartPricesRouter = new Hono<AppEnv>().post("/", ...jsonBody(cartPricesRequestSchema), async (c) => {
  const { locationId, lines, promoCode, reward } = c.req.valid("json");
  const db = getDb(c.env.DB);
  const prices = knownShop(await cartPricesAt(db, locationId, lines), "locationId");
  const userId = c.get("userId");
  const promo = promoCode
    ? await cartPromo(db, {
        typed: promoCode,
        account: userId ? { userId, hasCompletedOrder: () => hasCompletedOrder(db, userId) } : null,
        locationId,
        asked: lines,
        prices,
        now: new Date(),
      })
    : NO_CART_PROMO;
  if (promo.promoRefusal?.code === "promo_unknown") await countWrongPromoCode(c);
  // Stamps are an account's own: a guest's cart has no reward to price.
  const rewarded = reward && userId ? await cartReward(db, { userId, reward, prices }) : NO_CART_REWARD;
  c.header("Cache-Control", "no-store");
  return c.json({ lines: prices.map(publicLinePrice), ...promo, ...rewarded } satisfies CartPricesResponse);
});
