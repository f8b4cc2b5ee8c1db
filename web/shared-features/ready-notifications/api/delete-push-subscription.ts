import { PUSH_SUBSCRIPTIONS_PATH } from "#common/push";
import { apiFetch } from "#web/lib/api-client";

/** DELETE /api/push-subscriptions: this device is no longer told about the shopper's orders (204). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiFetch<void>(PUSH_SUBSCRIPTIONS_PATH, { method: "DELETE", json: { endpoint } });
}
