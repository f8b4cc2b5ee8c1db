import { Hono } from "hono";
import type { PaymentMethods } from "#common/payment-methods";
import type { AppEnv } from "#worker/env";
import { paymentConfig } from "#worker/services/stripe-api";

/**
 * How the shop takes payment, for the FAQ's answer: only the method, never how it is set up.
 * A half-configured Stripe is the same 500 checkout gives (`payments_misconfigured`).
 */
export const paymentMethodsRouter = new Hono<AppEnv>().get("/", (c) => {
  // Asked again each time: the mode changes the moment the Stripe secrets are set or removed.
  c.header("Cache-Control", "no-cache");
  return c.json({ accepts: paymentConfig(c.env).mode === "stripe" ? "card" : "on_pickup" } satisfies PaymentMethods);
});
