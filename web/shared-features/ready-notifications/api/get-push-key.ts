import { PUSH_PUBLIC_KEY_PATH, type PushPublicKeyResponse } from "#common/push";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/push-subscriptions/key: the shop's VAPID public key, which a device subscribes with. */
export async function getPushKey(): Promise<string> {
  return (await apiFetch<PushPublicKeyResponse>(PUSH_PUBLIC_KEY_PATH, { cache: "no-store" })).publicKey;
}
