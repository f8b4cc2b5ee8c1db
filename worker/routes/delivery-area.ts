import { Hono } from "hono";
import type { DeliveryArea } from "#common/fulfilment";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { DEFAULT_LOCATION_ID } from "#worker/services/locations/default-shop";
import { deliveryArea } from "#worker/services/orders/fulfilment";

/** Where the shop delivers and for how much, so the checkout can show the fee before the order. */
export const deliveryAreaRouter = new Hono<AppEnv>().get("/", async (c) => {
  const body = await deliveryArea(getDb(c.env.DB), DEFAULT_LOCATION_ID);
  c.header("Cache-Control", "public, max-age=300");
  return c.json(body satisfies DeliveryArea);
});
