/** The devices a shopper asked to be told on: stored per endpoint, tied to the shopper and to the sign-in. */
import { and, eq } from "drizzle-orm";
import type { PushSubscriptionInput } from "#common/push";
import type { Database } from "#worker/db/client";
import { pushSubscriptions } from "#worker/db/schema";

/**
 * Ties this device to the signed-in shopper. The same device subscribing again (or signed in as
 * someone else now) replaces what was stored, so one device never gets two people's orders.
 */
export async function saveSubscription(
  db: Database,
  owner: { userId: string; sessionHash: string },
  subscription: PushSubscriptionInput,
): Promise<void> {
  const now = new Date().toISOString();
  const values = {
    userId: owner.userId,
    sessionHash: owner.sessionHash,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    expirationTime: subscription.expirationTime ?? null,
    updatedAt: now,
  };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: subscription.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Forgets the shopper's device; another shopper's is left alone. True when there was one. */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return removed.length > 0;
}

/** The push service says it no longer knows this device (404 or 410): its queued pushes go with it. */
export async function forgetEndpoint(db: Database, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
