/**
 * The e-mail outbox. Every message is first written to `email_outbox` in the same D1 batch
 * as the thing it reports, so a stored submission or order always has its e-mail; only then
 * is it delivered. A row moves queued → sending (claimed atomically) → sent, or back to
 * queued with a backoff, or to failed after the configured number of attempts.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import { getDb, type Database } from "#worker/db/client";
import { emailOutbox, formSubmissions } from "#worker/db/schema";
import type { Env } from "#worker/env";
import { singleLine } from "#worker/emails/html";

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

/** Minutes to wait after the 1st, 2nd, 3rd… failed attempt; the last value repeats. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360] as const;
/** A row still `sending` after this long belonged to a run that died; another run may take it over. */
export const STALE_CLAIM_MINUTES = 5;
/** The most rows one cron run tries, so a backlog never outlasts the run's time budget. */
export const MAX_EMAILS_PER_RUN = 25;
const DEFAULT_MAX_ATTEMPTS = 8;
const MAX_ERROR_LENGTH = 500;

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The insert for one e-mail. Put `statement` in the same `db.batch([...])` as the row it
 * reports; after the batch commits, hand `id` to `announceAfterCommit` (services/announcements.ts).
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
  ctx.waitUntil(deliverEmails(env, ids));
}

/** The cron retry: delivers queued rows that are due and rows whose sender died mid-send. */
export async function deliverDueEmails(env: Env): Promise<void> {
  try {
    const db = getDb(env.DB);
    const now = new Date();
    const due = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(dueCondition(now))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(MAX_EMAILS_PER_RUN);
    await deliverEmails(
      env,
      due.map((row) => row.id),
    );
  } catch (error) {
    console.error("E-mail outbox: the retry run could not read the outbox:", describeError(error));
  }
}

/** One attempt per row, one row at a time; never throws (it runs after the response). */
async function deliverEmails(env: Env, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      await deliverOne(env, id);
    } catch (error) {
      // Only the bookkeeping can land here (D1 unavailable); the row stays claimable.
      console.error(`E-mail outbox: could not process ${id}:`, describeError(error));
    }
  }
}

async function deliverOne(env: Env, id: string): Promise<void> {
  const db = getDb(env.DB);
  const maxAttempts = maxAttemptsFrom(env);
  const claimedAt = new Date().toISOString();

  // The claim is the only way out of `queued`: one UPDATE that succeeds for exactly one run.
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "sending", claimedAt, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), dueCondition(new Date(claimedAt))))
    .returning();
  if (!row) return; // Sent, failed, not yet due, or another run holds it.

  // A run that outlived its claim must not overwrite the row another run has since reclaimed.
  const stillOurs = and(
    eq(emailOutbox.id, id),
    eq(emailOutbox.status, "sending"),
    eq(emailOutbox.claimedAt, claimedAt),
    eq(emailOutbox.attempts, row.attempts),
  );

  if (row.attempts > maxAttempts) {
    // Only a reclaimed row gets here: its last allowed attempt was interrupted mid-send.
    const lastError = "Delivery was interrupted on the last allowed attempt.";
    await db.update(emailOutbox).set({ status: "failed", claimedAt: null, lastError }).where(stillOurs);
    console.error(`E-mail outbox: ${id} (${row.kind}) failed for good: ${lastError}`);
    return;
  }

  try {
    await sendThroughBinding(env, row);
  } catch (error) {
    const lastError = describeError(error).slice(0, MAX_ERROR_LENGTH);
    const givesUp = row.attempts >= maxAttempts;
    await db
      .update(emailOutbox)
      .set({
        status: givesUp ? "failed" : "queued",
        claimedAt: null,
        lastError,
        nextAttemptAt: givesUp ? row.nextAttemptAt : nextAttemptAfter(row.attempts, new Date()),
      })
      .where(stillOurs);
    console.error(
      `E-mail outbox: attempt ${row.attempts}/${maxAttempts} of ${id} (${row.kind} to ${row.recipient}) failed` +
        (givesUp ? "; giving up, the row stays as failed" : "; will retry") +
        `: ${lastError}`,
    );
    return;
  }

  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date().toISOString(), claimedAt: null, lastError: null })
    .where(stillOurs);
}

async function sendThroughBinding(env: Env, row: OutboxRow): Promise<void> {
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

function dueCondition(now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000).toISOString();
  return or(
    and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, now.toISOString())),
    and(eq(emailOutbox.status, "sending"), lte(emailOutbox.claimedAt, staleBefore)),
  );
}

/** When the next try is due after `attempts` failed ones (1 → 1 min, 2 → 5 min, …). */
export function nextAttemptAfter(attempts: number, now: Date): string {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MINUTES.length) - 1;
  const minutes: number = RETRY_DELAYS_MINUTES[index] ?? 60;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
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

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
