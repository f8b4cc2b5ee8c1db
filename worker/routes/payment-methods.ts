import { Hono } from "hono";
import { z } from "zod";
import { LOCATION_PARAM } from "#common/locations";
import type { PaymentMethods } from "#common/payment-methods";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogId, validate } from "#worker/lib/validation";
import { requireKnownShop } from "#worker/services/shop/known-shop";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { paymentConfig } from "#worker/services/stripe-api";

const paymentMethodsQuery = z.object({ location: catalogId.optional() });

/**
 * How the shop takes payment, for the FAQ's answer: only the method, never how it is set up.
 * A half-configured Stripe is the same 500 checkout gives (`payments_misconfigured`). Every shop
 * takes payment the same way today; `?location=<id>` is checked so that a shop's own way can
 * arrive without changing the question.
 */
export const paymentMethodsRouter = new Hono<AppEnv>().get("/", validate("query", paymentMethodsQuery), async (c) => {
  await requireKnownShop(getDb(c.env.DB), requestedShopId(c), LOCATION_PARAM);
  // Asked again each time: the mode changes the moment the Stripe secrets are set or removed.
  c.header("Cache-Control", "no-cache");
  return c.json({ accepts: paymentConfig(c.env).mode === "stripe" ? "card" : "on_pickup" } satisfies PaymentMethods);
});
