/**
 * Test kit for the messages tests: a fake mail transport at the binding edge only (the worker,
 * D1 and the outbox are real), and calls that wait for the work the worker does after answering.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { app } from "#worker/app";
import { getDb } from "#worker/db/client";
import { emailOutbox, formSubmissions } from "#worker/db/schema";
import type { Env } from "#worker/env";

export type SentMessage = EmailMessageBuilder;

export interface FakeMailer {
  binding: SendEmail;
  send: ReturnType<typeof vi.fn>;
  /** Every message the transport accepted, in order. */
  sent: SentMessage[];
}

/**
 * `behaviour` runs for each send; throwing from it is a transport failure.
 * By default every send succeeds.
 */
export function fakeMailer(behaviour: (message: SentMessage) => unknown = () => undefined): FakeMailer {
  const sent: SentMessage[] = [];
  const send = vi.fn(async (message: SentMessage) => {
    await behaviour(message);
    sent.push(message);
    return { messageId: `<${crypto.randomUUID()}@test>` };
  });
  return { binding: { send } as unknown as SendEmail, send, sent };
}

export function failingMailer(error = "SMTP relay unavailable"): FakeMailer {
  return fakeMailer(() => {
    throw new Error(error);
  });
}

/** The test env with another transport (and any vars overridden). */
export function envWith(mailer: FakeMailer, overrides: Partial<Env> = {}): Env {
  // A local .dev.vars may switch on the dev failure mode; tests choose it explicitly.
  return { ...env, EMAIL: mailer.binding, EMAIL_DEV_FAIL_SENDS: undefined, ...overrides };
}

let ipCounter = 0;
/** A client address no other test uses, so the per-client rate limit starts fresh. */
export function uniqueIp(): string {
  ipCounter += 1;
  const random = crypto.getRandomValues(new Uint8Array(2));
  return `10.${random[0]}.${random[1]}.${ipCounter % 250}`;
}

/** Calls the worker like a same-origin browser and waits for its after-response work (delivery). */
export async function callWorker(path: string, init: RequestInit, testEnv: Env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://localhost:5173"), init), testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export function postJson(
  path: string,
  body: unknown,
  options: { env: Env; ip?: string; headers?: Record<string, string> },
): Promise<Response> {
  return callWorker(
    path,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": options.ip ?? uniqueIp(),
        ...options.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    options.env,
  );
}

export async function submissionRow(id: string) {
  const [row] = await getDb(env.DB).select().from(formSubmissions).where(eq(formSubmissions.id, id));
  return row;
}

export async function outboxRowsForSubmission(submissionId: string) {
  return getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.submissionId, submissionId));
}

export async function outboxRow(id: string) {
  const [row] = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** Lets time pass for one row: its next attempt becomes due now. */
export async function makeDue(outboxId: string): Promise<void> {
  await getDb(env.DB)
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
    .where(eq(emailOutbox.id, outboxId));
}

export async function countSubmissionsFrom(email: string): Promise<number> {
  const rows = await getDb(env.DB)
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(eq(formSubmissions.email, email));
  return rows.length;
}

export async function countAllSubmissions(): Promise<number> {
  const result = await env.DB.prepare("SELECT count(*) AS n FROM form_submissions").first<{ n: number }>();
  return result?.n ?? 0;
}

export function uniqueEmail(label = "sender"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}
