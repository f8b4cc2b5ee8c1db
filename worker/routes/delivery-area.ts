import { Hono } from "hono";
import { z } from "zod";
import type { DeliveryArea } from "#common/fulfilment";
import { LOCATION_PARAM } from "#common/locations";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogId, validate } from "#worker/lib/validation";
import { requireKnownShop } from "#worker/services/shop/known-shop";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { deliveryArea } from "#worker/services/orders/fulfilment";

const deliveryAreaQuery = z.object({ location: catalogId.optional() });

/**
 * `GET /api/delivery-area[?location=<id>]`: where the shop (the default one unless named) delivers
 * and for how much, so the checkout can show the fee before the order. A shop with no ZIP codes
 * (Scottsdale) answers an empty list: pickup only.
 */
export const deliveryAreaRouter = new Hono<AppEnv>().get("/", validate("query", deliveryAreaQuery), async (c) => {
  const db = getDb(c.env.DB);
  const shop = await requireKnownShop(db, requestedShopId(c), LOCATION_PARAM);
  const body = await deliveryArea(db, shop.id);
  c.header("Cache-Control", "public, max-age=300");
  return c.json(body satisfies DeliveryArea);
});
