/**
 * What leaves the shop by e-mail: the forms people send and the outbox every message goes
 * through.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { EMAIL_STATUSES } from "#common/email-outbox";
import { SUBMISSION_KINDS } from "#common/submissions";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { orders } from "./orders";

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SUBMISSION_KINDS }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The validated payload as JSON, exactly as the shop receives it. */
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("form_submissions_kind_created_idx").on(table.kind, table.createdAt),
    check("form_submissions_kind_known", isOneOf(table.kind, SUBMISSION_KINDS)),
    check("form_submissions_payload_json", sql`json_valid(${table.payload})`),
  ],
);

/**
 * Every e-mail is written here in the same batch as what it reports, then delivered.
 * A row leaves `queued` only by being claimed (`sending`), so two senders never send it twice.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    claimedAt: text("claimed_at"),
    lastError: text("last_error"),
    submissionId: text("submission_id").references(() => formSubmissions.id, {
      onDelete: "set null",
    }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (table) => [
    // The retry run picks due messages by status and time.
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_order_idx").on(table.orderId),
    index("email_outbox_submission_idx").on(table.submissionId),
    check("email_outbox_status_known", isOneOf(table.status, EMAIL_STATUSES)),
    check("email_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    check(
      "email_outbox_subject_single_line",
      sql`instr(${table.subject}, char(10)) = 0 AND instr(${table.subject}, char(13)) = 0`,
    ),
  ],
);
