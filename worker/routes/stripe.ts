import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { paymentConfig, verifyWebhookEvent } from "#worker/services/stripe-api";
import { applyStripeEvent, type WebhookReceipt } from "#worker/services/payments/stripe-events";

/** Stripe calls this; it is authenticated by its signature, not by a session or an Origin. */
export const stripeRouter = new Hono<AppEnv>().post(
  "/webhook",
  bodyLimit({
    maxSize: 512 * 1024,
    onError: () => {
      throw new ApiError(413, "payload_too_large", "Webhook body too large");
    },
  }),
  async (c) => {
    const config = paymentConfig(c.env);
    if (config.mode !== "stripe") throw new ApiError(404, "not_found", "Card payments are not configured");
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const rawBody = await c.req.text();
    const event = await verifyWebhookEvent(config.webhookSecret, rawBody, c.req.header("Stripe-Signature"));
    const result = await applyStripeEvent(getDb(c.env.DB), c.env, event);
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ received: true, outcome: result.outcome } satisfies WebhookReceipt);
  },
);
