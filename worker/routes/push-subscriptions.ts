import { Hono } from "hono";
import { pushSubscriptionSchema, pushUnsubscribeSchema, type PushPublicKeyResponse } from "#common/push";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { ApiError, badRequest } from "#worker/lib/errors";
import { jsonBody } from "#worker/lib/json-body";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { endpointRefusal } from "#worker/services/push/endpoints";
import { removeSubscription, saveSubscription } from "#worker/services/push/subscriptions";
import { vapidKeys } from "#worker/services/push/vapid";

const pushUnavailable = () => new ApiError(503, "push_unavailable", "Notifications are not set up on this shop yet.");

/**
 * A signed-in shopper's devices that are told when an order is ready, cancelled or on its way
 * (docs/decisions/0023-installable-app-and-push.md): `GET /key` the VAPID public key to subscribe with, `POST /` a browser's
 * PushSubscription JSON (201), `DELETE /` `{ endpoint }` (204).
 */
export const pushSubscriptionsRouter = new Hono<AppEnv>()
  .get("/key", (c) => {
    c.header("Cache-Control", "no-store");
    const vapid = vapidKeys(c.env);
    if (!vapid) throw pushUnavailable();
    return c.json({ publicKey: vapid.publicKey } satisfies PushPublicKeyResponse);
  })
  .post("/", requireUser, ...jsonBody(pushSubscriptionSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const subscription = c.req.valid("json");
    const refusal = endpointRefusal(subscription.endpoint, c.env);
    if (refusal) throw badRequest(`endpoint: ${refusal}`, "endpoint");
    if (!vapidKeys(c.env)) throw pushUnavailable();
    await saveSubscription(
      getDb(c.env.DB),
      { userId: c.get("userId")!, sessionHash: c.get("sessionHash")! },
      subscription,
    );
    return c.json({ endpoint: subscription.endpoint }, 201);
  })
  .delete("/", requireUser, ...jsonBody(pushUnsubscribeSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    await removeSubscription(getDb(c.env.DB), c.get("userId")!, c.req.valid("json").endpoint);
    return c.body(null, 204);
  });
