/**
 * An order's notifications, queued in the push outbox as one statement for the batch that makes
 * the change they report: one row per device the shopper subscribed, as the devices are when the
 * batch commits.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { orderNumber } from "#common/orders";
import { PUSH_TIME_TO_LIVE_SECONDS, pushWords, type PushKind, type PushPayload } from "#common/push";
import type { Database } from "#worker/db/client";
import { locations, pushOutbox, pushSubscriptions } from "#worker/db/schema";

/** Outbox inserts, and the message ids to deliver once their batch has committed. */
export interface QueuedPushes {
  ids: string[];
  statements: BatchItem<"sqlite">[];
}

export const NO_PUSHES: QueuedPushes = { ids: [], statements: [] };

/** The order page a tap on the notification opens. */
export const orderPagePath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** The notification of `kind` for the order, to each of its shopper's devices. */
export async function queueOrderPush(
  db: Database,
  order: { id: string; userId: string; locationId: string },
  kind: PushKind,
): Promise<QueuedPushes> {
  const [location] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, order.locationId));
  const shop = location?.name ?? "Squeeze";
  const number = orderNumber(order.id);
  const payload: PushPayload = {
    kind,
    orderId: order.id,
    orderNumber: number,
    shop,
    ...pushWords(kind, number, shop),
    url: orderPagePath(order.id),
  };
  const now = new Date();
  const messageId = crypto.randomUUID();
  const statement = db.insert(pushOutbox).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
        messageId: sql<string>`${messageId}`.as("message_id"),
        kind: sql<PushKind>`${kind}`.as("kind"),
        orderId: sql<string>`${order.id}`.as("order_id"),
        endpoint: pushSubscriptions.endpoint,
        payload: sql<string>`${JSON.stringify(payload)}`.as("payload"),
        expiresAt: sql<string>`${new Date(now.getTime() + PUSH_TIME_TO_LIVE_SECONDS[kind] * 1000).toISOString()}`.as(
          "expires_at",
        ),
        status: sql<"queued">`'queued'`.as("status"),
        attempts: sql<number>`0`.as("attempts"),
        nextAttemptAt: sql<string>`${now.toISOString()}`.as("next_attempt_at"),
        claimedAt: sql<null>`NULL`.as("claimed_at"),
        lastError: sql<null>`NULL`.as("last_error"),
        createdAt: sql<string>`${now.toISOString()}`.as("created_at"),
        sentAt: sql<null>`NULL`.as("sent_at"),
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, order.userId)),
  );
  return { ids: [messageId], statements: [statement] };
}
