import { PUSH_SUBSCRIPTIONS_PATH } from "#common/push";
import { apiFetch } from "#web/lib/api-client";

/** POST /api/push-subscriptions: ties this device's subscription to the signed-in shopper's orders (201). */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiFetch<unknown>(PUSH_SUBSCRIPTIONS_PATH, { method: "POST", json: subscription });
}
