/**
 * The push outbox's delivery, the e-mail outbox's twin (worker/services/outbox.ts): a row is
 * claimed atomically (queued → sending), sent with VAPID and aes128gcm encryption
 * (@block65/webcrypto-web-push, WebCrypto in workerd), then marked sent; a failure is retried on
 * the e-mails' schedule. A push no longer worth sending is dropped: past its time to live, or for
 * an order that has moved on (a "ready" for an order already collected). A push service that no
 * longer knows the device (404, 410) has its subscription removed, with its queued pushes.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { OrderStatus } from "#common/orders";
import type { PushKind } from "#common/push";
import { inListChunks } from "#worker/db/batch";
import { getDb } from "#worker/db/client";
import { pushOutbox, pushSubscriptions } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { currentOrderStatus } from "#worker/services/orders/status-now";
import { MAX_EMAILS_PER_RUN, maxAttemptsFrom, nextAttemptAfter, STALE_CLAIM_MINUTES } from "#worker/services/outbox";
import { signedEndpoint } from "./endpoints";
import { forgetEndpoint } from "./subscriptions";
import { vapidKeys } from "./vapid";

const MAX_ERROR_LENGTH = 500;

/** The status an order must still be in for its push to be worth sending. */
const STILL_TRUE_WHILE: Readonly<Record<PushKind, OrderStatus>> = {
  "order-ready": "ready",
  "order-on-its-way": "ready",
  "order-cancelled": "cancelled",
};

/** Delivers the given notifications (message ids) right after the response; what fails waits for the cron. */
export function deliverPushesSoon(ctx: Pick<ExecutionContext, "waitUntil">, env: Env, messageIds: string[]): void {
  if (messageIds.length === 0) return;
  ctx.waitUntil(deliverMessages(env, messageIds));
}

async function deliverMessages(env: Env, messageIds: string[]): Promise<void> {
  try {
    const db = getDb(env.DB);
    const ids: string[] = [];
    for (const part of inListChunks(messageIds)) {
      const rows = await db.select({ id: pushOutbox.id }).from(pushOutbox).where(inArray(pushOutbox.messageId, part));
      ids.push(...rows.map((row) => row.id));
    }
    await deliverRows(env, ids);
  } catch (error) {
    console.error("Push outbox: could not read the pushes to deliver:", describeError(error));
  }
}

/** The cron retry: pushes that are due, and those whose sender died mid-send. */
export async function deliverDuePushes(env: Env): Promise<void> {
  try {
    const due = await getDb(env.DB)
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(dueCondition(new Date()))
      .orderBy(asc(pushOutbox.nextAttemptAt))
      .limit(MAX_EMAILS_PER_RUN);
    await deliverRows(
      env,
      due.map((row) => row.id),
    );
  } catch (error) {
    console.error("Push outbox: the retry run could not read the outbox:", describeError(error));
  }
}

/** One attempt per row; never throws (it runs after the response). */
async function deliverRows(env: Env, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      await deliverOne(env, id);
    } catch (error) {
      console.error(`Push outbox: could not process ${id}:`, describeError(error));
    }
  }
}

async function deliverOne(env: Env, id: string): Promise<void> {
  const db = getDb(env.DB);
  const maxAttempts = maxAttemptsFrom(env);
  const claimedAt = new Date().toISOString();
  const [row] = await db
    .update(pushOutbox)
    .set({ status: "sending", claimedAt, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(and(eq(pushOutbox.id, id), dueCondition(new Date(claimedAt))))
    .returning();
  if (!row) return;

  const stillOurs = and(
    eq(pushOutbox.id, id),
    eq(pushOutbox.status, "sending"),
    eq(pushOutbox.claimedAt, claimedAt),
    eq(pushOutbox.attempts, row.attempts),
  );
  const settle = (status: "sent" | "dropped" | "failed", lastError: string | null) =>
    db
      .update(pushOutbox)
      .set({ status, claimedAt: null, lastError, ...(status === "sent" ? { sentAt: new Date().toISOString() } : {}) })
      .where(stillOurs);

  const remainingSeconds = Math.floor((Date.parse(row.expiresAt) - Date.now()) / 1000);
  if (remainingSeconds <= 0)
    return void (await settle("dropped", "Its time to live passed before it could be delivered."));
  const status = await currentOrderStatus(db, row.orderId);
  if (status !== STILL_TRUE_WHILE[row.kind])
    return void (await settle("dropped", `The order is ${status ?? "gone"} now.`));
  if (row.attempts > maxAttempts)
    return void (await settle("failed", "Delivery was interrupted on the last allowed attempt."));

  const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.endpoint));
  if (!subscription) return; // Removed meanwhile: its rows went with it.

  let failure: string;
  try {
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
    const response = await fetch(subscription.endpoint, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
    await response.body?.cancel();
    if (response.ok) return void (await settle("sent", null));
    if (response.status === 404 || response.status === 410) {
      // The device unsubscribed or the browser's data was cleared: nothing will ever reach it.
      await forgetEndpoint(db, subscription.endpoint);
      return;
    }
    failure = `The push service answered ${response.status}.`;
    // A refusal other than "too many" or the service's own trouble will not change on a retry.
    if (response.status < 500 && response.status !== 429) return void (await settle("failed", failure));
  } catch (error) {
    failure = describeError(error).slice(0, MAX_ERROR_LENGTH);
  }

  const givesUp = row.attempts >= maxAttempts;
  await db
    .update(pushOutbox)
    .set({
      status: givesUp ? "failed" : "queued",
      claimedAt: null,
      lastError: failure,
      nextAttemptAt: givesUp ? row.nextAttemptAt : nextAttemptAfter(row.attempts, new Date()),
    })
    .where(stillOurs);
  console.error(
    `Push outbox: attempt ${row.attempts}/${maxAttempts} of ${id} (${row.kind}) failed${givesUp ? "; giving up" : "; will retry"}: ${failure}`,
  );
}

function dueCondition(now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString();
  return or(
    and(eq(pushOutbox.status, "queued"), lte(pushOutbox.nextAttemptAt, now.toISOString())),
    and(eq(pushOutbox.status, "sending"), lte(pushOutbox.claimedAt, staleBefore)),
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
