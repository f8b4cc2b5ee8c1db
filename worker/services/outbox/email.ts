/**
 * The e-mail outbox. Every message is first written to `email_outbox` in the same D1 batch
 * as the thing it reports, so a stored submission or order always has its e-mail; only then
 * is it delivered through the `send_email` binding by the shared loop (./runner.ts).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { eq } from "drizzle-orm";
import { getDb, type Database } from "#worker/db/client";
import { emailOutbox, formSubmissions } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { singleLine } from "#worker/emails/html";
import { deliverDueRows, deliverRows, type OutboxKind, type SendOutcome } from "./runner";

export interface OutgoingEmail {
  /** What the message is about, e.g. "contact", "partnership", "order-shop"; for logs and queries. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  submissionId?: string;
  orderId?: string;
}

/** The most e-mails one cron run tries. */
export const MAX_EMAILS_PER_RUN = 25;
const DEFAULT_MAX_ATTEMPTS = 8;

type EmailRow = typeof emailOutbox.$inferSelect;

const EMAILS: OutboxKind<typeof emailOutbox> = {
  name: "E-mail outbox",
  table: emailOutbox,
  limits: (env) => ({ maxPerRun: MAX_EMAILS_PER_RUN, maxAttempts: maxAttemptsFrom(env) }),
  send: sendThroughBinding,
  describe: (row) => `${row.kind} to ${row.recipient}`,
};

/**
 * The insert for one e-mail. Put `statement` in the same `db.batch([...])` as the row it
 * reports; after the batch commits, hand `id` to `announceAfterCommit` (services/after-commit/announce.ts).
 */
export function queueEmail(db: Database, email: OutgoingEmail): { id: string; statement: BatchItem<"sqlite"> } {
  const id = crypto.randomUUID();
  const statement = db.insert(emailOutbox).values({
    id,
    kind: email.kind,
    recipient: email.to,
    // The table refuses a subject with a newline; folding it here means a hostile name never
    // makes the whole batch (and the submission with it) fail.
    subject: singleLine(email.subject),
    html: email.html,
    text: email.text,
    status: "queued",
    attempts: 0,
    nextAttemptAt: new Date().toISOString(),
    submissionId: email.submissionId ?? null,
    orderId: email.orderId ?? null,
  });
  return { id, statement };
}

/** Delivers the given rows right after the response is sent; whatever fails stays queued for the cron run. */
export function deliverSoon(ctx: Pick<ExecutionContext, "waitUntil">, env: Env, ids: string[]): void {
  if (ids.length === 0) return;
  ctx.waitUntil(deliverRows(env, EMAILS, ids));
}

/** The cron retry: delivers queued rows that are due and rows whose sender died mid-send. */
export function deliverDueEmails(env: Env): Promise<void> {
  return deliverDueRows(env, EMAILS);
}

async function sendThroughBinding(env: Env, row: EmailRow): Promise<SendOutcome> {
  if (env.APP_ENV === "development" && devTransportRefuses(env.EMAIL_DEV_FAIL_SENDS, row.attempts)) {
    throw new Error(`EMAIL_DEV_FAIL_SENDS=${env.EMAIL_DEV_FAIL_SENDS}: the local mail transport refused this attempt`);
  }
  const replyTo = row.submissionId ? await submitterAddress(env, row.submissionId) : undefined;
  await env.EMAIL.send({
    to: row.recipient,
    from: parseAddress(env.MAIL_FROM),
    subject: row.subject,
    html: row.html,
    text: row.text,
    ...(replyTo ? { replyTo } : {}),
  });
  return { result: "sent" };
}

/**
 * Local-only failure switch: "true" refuses every attempt, "first" only each row's first one
 * (so the next cron run delivers it without restarting the dev server).
 */
function devTransportRefuses(setting: string | undefined, attempt: number): boolean {
  if (setting === "true") return true;
  if (setting === "first") return attempt === 1;
  return false;
}

/** A submission's e-mail goes to the shop; replying to it should reach the person who wrote. */
async function submitterAddress(env: Env, submissionId: string): Promise<string | undefined> {
  const [submission] = await getDb(env.DB)
    .select({ email: formSubmissions.email })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, submissionId))
    .limit(1);
  return submission?.email || undefined;
}

export function maxAttemptsFrom(env: Pick<Env, "EMAIL_MAX_ATTEMPTS">): number {
  const parsed = Number.parseInt(env.EMAIL_MAX_ATTEMPTS ?? "", 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : DEFAULT_MAX_ATTEMPTS;
}

/** `Squeeze <no-reply@example.com>` → `{ name, email }`; a bare address stays a string. */
function parseAddress(value: string): string | { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (!match) return value.trim();
  const [, name = "", email = ""] = match;
  return name ? { name, email } : email;
}
