/**
 * How the push outbox sends, through the loop every outbox shares (services/outbox/runner.ts):
 * a claimed row is sent with VAPID and aes128gcm encryption (@block65/webcrypto-web-push,
 * WebCrypto in workerd); a failure is retried on the outbox's schedule. A push no longer worth sending is dropped: past its time to live, or for
 * an order that has moved on (a "ready" for an order already collected). A push service that no
 * longer knows the device (404, 410) has its subscription removed, with its queued pushes.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { eq, inArray } from "drizzle-orm";
import type { OrderStatus } from "#common/orders";
import type { PushKind } from "#common/push";
import { inListChunks } from "#worker/db/batch";
import { getDb, type Database } from "#worker/db/client";
import { pushOutbox, pushSubscriptions } from "#worker/db/schema";
import type { Env } from "#worker/env";
import {
  deliverDueRows,
  deliverRows,
  describeError,
  type OutboxKind,
  type SendOutcome,
} from "#worker/services/outbox/runner";
import { signedEndpoint } from "./endpoints";
import { forgetEndpoint } from "./subscriptions";
import { vapidKeys } from "./vapid";

/** The most pushes one cron run tries. */
export const MAX_PUSHES_PER_RUN = 25;
/** A push is worth hours at most (its time to live): eight tries cover them on the outbox's schedule. */
const PUSH_MAX_ATTEMPTS = 8;

type PushRow = typeof pushOutbox.$inferSelect;

/** Where an order stands now (undefined: gone), asked by whoever wires delivery to the orders room. */
export type OrderStatusOf = (db: Database, orderId: string) => Promise<OrderStatus | undefined>;

const pushes = (orderStatusOf: OrderStatusOf): OutboxKind<typeof pushOutbox> => ({
  name: "Push outbox",
  table: pushOutbox,
  limits: () => ({ maxPerRun: MAX_PUSHES_PER_RUN, maxAttempts: PUSH_MAX_ATTEMPTS }),
  send: (env, row) => sendPush(env, row, orderStatusOf),
  describe: (row) => row.kind,
});

/** The status an order must still be in for its push to be worth sending. */
const STILL_TRUE_WHILE: Readonly<Record<PushKind, OrderStatus>> = {
  "order-ready": "ready",
  "order-on-its-way": "ready",
  "order-cancelled": "cancelled",
};

/** Delivers the given notifications (message ids) right after the response; what fails waits for the cron. */
export function deliverPushesSoonOf(
  ctx: Pick<ExecutionContext, "waitUntil">,
  env: Env,
  messageIds: string[],
  orderStatusOf: OrderStatusOf,
): void {
  if (messageIds.length === 0) return;
  ctx.waitUntil(deliverMessages(env, messageIds, orderStatusOf));
}

async function deliverMessages(env: Env, messageIds: string[], orderStatusOf: OrderStatusOf): Promise<void> {
  try {
    const db = getDb(env.DB);
    const ids: string[] = [];
    for (const part of inListChunks(messageIds)) {
      const rows = await db.select({ id: pushOutbox.id }).from(pushOutbox).where(inArray(pushOutbox.messageId, part));
      ids.push(...rows.map((row) => row.id));
    }
    await deliverRows(env, pushes(orderStatusOf), ids);
  } catch (error) {
    console.error("Push outbox: could not read the pushes to deliver:", describeError(error));
  }
}

/** The cron retry: pushes that are due, and those whose sender died mid-send. */
export function deliverDuePushesOf(env: Env, orderStatusOf: OrderStatusOf): Promise<void> {
  return deliverDueRows(env, pushes(orderStatusOf));
}

async function sendPush(env: Env, row: PushRow, orderStatusOf: OrderStatusOf): Promise<SendOutcome> {
  const db = getDb(env.DB);
  const remainingSeconds = Math.floor((Date.parse(row.expiresAt) - Date.now()) / 1000);
  if (remainingSeconds <= 0)
    return { result: "dropped", reason: "Its time to live passed before it could be delivered." };
  const status = await orderStatusOf(db, row.orderId);
  if (status !== STILL_TRUE_WHILE[row.kind])
    return { result: "dropped", reason: `The order is ${status ?? "gone"} now.` };

  const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.endpoint));
  if (!subscription) return { result: "gone" }; // Removed meanwhile: its rows went with it.

  const vapid = vapidKeys(env);
  if (!vapid) throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set");
  const request = await buildPushPayload(
    // The topic lets a later push of the same order replace one the device has not received yet.
    {
      data: row.payload,
      options: { ttl: remainingSeconds, urgency: "high", topic: row.orderId.replace(/-/g, "").slice(0, 32) },
    },
    {
      endpoint: signedEndpoint(subscription.endpoint),
      expirationTime: subscription.expirationTime,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    vapid,
  );
  const response = await fetch(subscription.endpoint, { method: "POST", headers: request.headers, body: request.body });
  await response.body?.cancel();
  if (response.ok) return { result: "sent" };
  if (response.status === 404 || response.status === 410) {
    // The device unsubscribed or the browser's data was cleared: nothing will ever reach it.
    await forgetEndpoint(db, subscription.endpoint);
    return { result: "gone" };
  }
  const error = `The push service answered ${response.status}.`;
  // A refusal other than "too many" or the service's own trouble will not change on a retry.
  return response.status < 500 && response.status !== 429 ? { result: "failed", error } : { result: "retry", error };
}
