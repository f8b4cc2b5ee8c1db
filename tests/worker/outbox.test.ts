import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#worker/db/client";
import { emailOutbox } from "#worker/db/schema";
import { renderEmail } from "#worker/emails/layout";
import worker from "#worker/index";
import {
  MAX_EMAILS_PER_RUN,
  deliverDueEmails,
  deliverSoon,
  queueEmail,
  type OutgoingEmail,
} from "#worker/services/outbox/email";
import { expectStampedSince } from "./helpers";
import { envWith, failingMailer, fakeMailer, makeDue, outboxRow, type FakeMailer } from "./outbox-fakes";

const db = getDb(env.DB);

function anEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    kind: "test",
    to: "shop@example.com",
    subject: `Test message ${tag}`,
    html: `<p>Hello ${tag}</p>`,
    text: `Hello ${tag}`,
    ...overrides,
  };
}

async function queue(email: OutgoingEmail = anEmail()): Promise<string> {
  const { id, statement } = queueEmail(db, email);
  await db.batch([statement]);
  return id;
}

async function deliverNow(mailer: FakeMailer, ids: string[], overrides = {}): Promise<void> {
  const ctx = createExecutionContext();
  deliverSoon(ctx, envWith(mailer, overrides), ids);
  await waitOnExecutionContext(ctx);
}

function sentTo(mailer: FakeMailer, subject: string): number {
  return mailer.sent.filter((message) => message.subject === subject).length;
}

afterEach(() => vi.restoreAllMocks());

describe("deliverSoon", () => {
  it("sends a queued e-mail through the binding with the configured sender and marks it sent", async () => {
    const email = anEmail();
    const id = await queue(email);
    expect(await outboxRow(id)).toMatchObject({ status: "queued", attempts: 0, sentAt: null });

    const mailer = fakeMailer();
    const before = Date.now();
    await deliverNow(mailer, [id]);

    expect(mailer.sent).toEqual([
      {
        to: "shop@example.com",
        from: { name: "Squeeze", email: "no-reply@squeeze-juice.example" },
        subject: email.subject,
        html: email.html,
        text: email.text,
      },
    ]);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, claimedAt: null });
    expectStampedSince(row?.sentAt, before);
  });

  it("keeps a message the binding refused, with the error, and the cron run delivers it once it is due", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = anEmail();
    const id = await queue(email);
    const before = Date.now();

    await deliverNow(failingMailer("relay said 451"), [id]);

    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "queued", attempts: 1, lastError: "relay said 451", sentAt: null });
    // First retry one minute later, not at once.
    const retryInMs = Date.parse(failed!.nextAttemptAt) - before;
    expect(retryInMs).toBeGreaterThanOrEqual(55_000);
    expect(retryInMs).toBeLessThanOrEqual(65_000);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("relay said 451"));

    const tooEarly = fakeMailer();
    await deliverDueEmails(envWith(tooEarly));
    expect(sentTo(tooEarly, email.subject)).toBe(0);

    await makeDue(id);
    const later = fakeMailer();
    await deliverDueEmails(envWith(later));
    expect(sentTo(later, email.subject)).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("never sends a message twice: a sent row is not picked up by a later run", async () => {
    const email = anEmail();
    const id = await queue(email);
    const first = fakeMailer();
    await deliverNow(first, [id]);
    await makeDue(id); // even if its time says so

    const second = fakeMailer();
    await deliverNow(second, [id]);
    await deliverDueEmails(envWith(second));
    expect(sentTo(first, email.subject)).toBe(1);
    expect(sentTo(second, email.subject)).toBe(0);
  });
});

describe("deliverDueEmails (the cron retry)", () => {
  it("runs from the worker's scheduled handler", async () => {
    const email = anEmail();
    const id = await queue(email);
    const mailer = fakeMailer();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), envWith(mailer), ctx);
    await waitOnExecutionContext(ctx);
    expect(sentTo(mailer, email.subject)).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent" });
  });

  it("sends each row once when two runs overlap", async () => {
    const emails = [anEmail(), anEmail(), anEmail(), anEmail()];
    const ids = [];
    for (const email of emails) ids.push(await queue(email));
    // A slow transport keeps both runs in flight at the same time.
    const mailer = fakeMailer(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const testEnv = envWith(mailer);

    const ctx = createExecutionContext();
    deliverSoon(ctx, testEnv, ids);
    await Promise.all([deliverDueEmails(testEnv), deliverDueEmails(testEnv), waitOnExecutionContext(ctx)]);

    for (const email of emails) expect(sentTo(mailer, email.subject)).toBe(1);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("backs off further after each failure and marks the message failed after EMAIL_MAX_ATTEMPTS", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = anEmail();
    const id = await queue(email);
    const mailer = failingMailer("mailbox unavailable");
    const testEnv = envWith(mailer, { EMAIL_MAX_ATTEMPTS: "3" });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const before = Date.now();
      await deliverDueEmails(testEnv);
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: "queued", attempts: attempt, lastError: "mailbox unavailable" });
      delays.push(Math.round((Date.parse(row!.nextAttemptAt) - before) / 60_000));
      await makeDue(id);
    }
    expect(delays).toEqual([1, 5]);

    await deliverDueEmails(testEnv);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 3, lastError: "mailbox unavailable" });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("giving up"));

    // A failed message stays visible and is not retried again.
    await makeDue(id);
    const after = fakeMailer();
    await deliverDueEmails(envWith(after));
    expect(sentTo(after, email.subject)).toBe(0);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("takes over a message left 'sending' by a run that died, but not one being sent right now", async () => {
    const stale = anEmail();
    const fresh = anEmail();
    const staleId = await queue(stale);
    const freshId = await queue(fresh);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, claimedAt: minutesAgo(10) })
      .where(eq(emailOutbox.id, staleId));
    await db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, claimedAt: minutesAgo(1) })
      .where(eq(emailOutbox.id, freshId));

    const mailer = fakeMailer();
    await deliverDueEmails(envWith(mailer));

    expect(sentTo(mailer, stale.subject)).toBe(1);
    expect(sentTo(mailer, fresh.subject)).toBe(0);
    expect(await outboxRow(staleId)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await outboxRow(freshId)).toMatchObject({ status: "sending", attempts: 1 });
    await db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, freshId));
  });

  it("delivers a bounded number of messages per run and the rest on the next", async () => {
    const emails = Array.from({ length: MAX_EMAILS_PER_RUN + 3 }, () => anEmail({ kind: "bulk" }));
    for (const email of emails) await queue(email);
    const mailer = fakeMailer();

    await deliverDueEmails(envWith(mailer));
    expect(mailer.sent).toHaveLength(MAX_EMAILS_PER_RUN);
    await deliverDueEmails(envWith(mailer));
    for (const email of emails) expect(sentTo(mailer, email.subject)).toBe(1);
  });
});

describe("local failure switch (EMAIL_DEV_FAIL_SENDS)", () => {
  it('"true" refuses every send in development, and the message stays queued', async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await queue();
    const mailer = fakeMailer();
    await deliverNow(mailer, [id], { APP_ENV: "development", EMAIL_DEV_FAIL_SENDS: "true" });
    expect(mailer.send).not.toHaveBeenCalled();
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row?.lastError).toContain("EMAIL_DEV_FAIL_SENDS");
    await db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, id));
  });

  it('"first" refuses only the first attempt, so the next cron run delivers', async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const email = anEmail();
    const id = await queue(email);
    const mailer = fakeMailer();
    const devEnv = envWith(mailer, { APP_ENV: "development", EMAIL_DEV_FAIL_SENDS: "first" });
    await deliverNow(mailer, [id], { APP_ENV: "development", EMAIL_DEV_FAIL_SENDS: "first" });
    expect(await outboxRow(id)).toMatchObject({ status: "queued", attempts: 1 });
    await makeDue(id);
    await deliverDueEmails(devEnv);
    expect(sentTo(mailer, email.subject)).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("is ignored outside development", async () => {
    const email = anEmail();
    const id = await queue(email);
    const mailer = fakeMailer();
    await deliverNow(mailer, [id], { APP_ENV: "production", EMAIL_DEV_FAIL_SENDS: "true" });
    expect(sentTo(mailer, email.subject)).toBe(1);
  });
});

describe("queueEmail", () => {
  it("stores a subject with injected header lines as one line", async () => {
    const id = await queue(anEmail({ subject: "Order from Eve\r\nBcc: everyone@example.com\nX-Spam: yes" }));
    const row = await outboxRow(id);
    expect(row?.subject).toBe("Order from Eve Bcc: everyone@example.com X-Spam: yes");
    const mailer = fakeMailer();
    await deliverNow(mailer, [id]);
    expect(mailer.sent[0]?.subject).not.toMatch(/[\r\n]/);
  });
});

describe("renderEmail", () => {
  it("escapes every value in the HTML part and keeps the text part readable", () => {
    const hostile = `<script>alert("x")</script>`;
    const { html, text } = renderEmail({
      title: `Title ${hostile}`,
      intro: `Intro ${hostile}\nsecond line`,
      rows: [
        { label: `Label ${hostile}`, value: `Value ${hostile}` },
        { label: "Link", value: `mail ${hostile}`, href: `mailto:a@b.co?x="><script>` },
        { label: "Bad link", value: "click", href: "javascript:alert(1)" },
      ],
      message: { label: "Message", text: `Hi ${hostile}\r\nBye` },
      receipt: {
        lines: [{ item: hostile, meta: `Small ${hostile}`, details: [`Note: ${hostile}`], amount: "$4.50" }],
        total: { label: "Total", amount: "$4.50" },
      },
      footer: `Footer ${hostile}`,
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain('href="mailto:a@b.co?x=&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain("javascript:");
    expect(html).toContain("Intro &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>second line");
    expect(html).toContain("<tfoot>");
    expect(text).toContain(`Value ${hostile}`);
    expect(text).toContain(`Message:\nHi ${hostile}\nBye`);
    expect(text).toMatch(/Total\s+\$4\.50/);
  });

  it("shows a dash for an empty value instead of a blank cell", () => {
    const { html, text } = renderEmail({ title: "T", rows: [{ label: "Bio", value: "" }] });
    expect(html).toContain("—");
    expect(text).toContain("Bio: —");
  });
});
