/**
 * Web Push: the devices a shopper asked to be told on, and the outbox their notifications go
 * through (worker/services/push/, docs/decisions/0023-installable-app-and-push.md).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PUSH_KINDS, PUSH_STATUSES } from "#common/push";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { sessions, users } from "./identity";
import { orders } from "./orders";

/**
 * One row per device (its push service's endpoint), tied to the shopper and to the sign-in on
 * that device: signing out there (the session's row goes) stops its notifications.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionHash: text("session_hash")
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: "cascade" }),
    /** The device's P-256 public key and authentication secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** When the push service ends the subscription (ms since 1970), if it says. */
    expirationTime: integer("expiration_time"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    index("push_subscriptions_user_idx").on(table.userId),
    index("push_subscriptions_session_idx").on(table.sessionHash),
  ],
);

/**
 * Every notification, one row per device, written in the same batch as the order's change it
 * reports, then delivered like an e-mail (queued → sending → sent, retried, failed), or dropped
 * when its time to live passed or the order moved on. A subscription the push service forgot
 * takes its rows with it.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: text("id").primaryKey(),
    /** The rows of one notification (one per device) share it: what is delivered after the response. */
    messageId: text("message_id").notNull(),
    kind: text("kind", { enum: PUSH_KINDS }).notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    endpoint: text("endpoint")
      .notNull()
      .references(() => pushSubscriptions.endpoint, { onDelete: "cascade" }),
    /** The PushPayload (common/push.ts) as JSON: no phone, address or name. */
    payload: text("payload").notNull(),
    /** After this instant it is dropped instead of sent. */
    expiresAt: text("expires_at").notNull(),
    status: text("status", { enum: PUSH_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    claimedAt: text("claimed_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (table) => [
    index("push_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("push_outbox_message_idx").on(table.messageId),
    index("push_outbox_order_idx").on(table.orderId),
    index("push_outbox_endpoint_idx").on(table.endpoint),
    check("push_outbox_kind_known", isOneOf(table.kind, PUSH_KINDS)),
    check("push_outbox_status_known", isOneOf(table.status, PUSH_STATUSES)),
    check("push_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    check("push_outbox_payload_json", sql`json_valid(${table.payload})`),
  ],
);
