import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliverDueEmails } from "#worker/services/outbox";
import { startOfRateLimitWindow } from "./helpers";
import {
  countAllSubmissions,
  countSubmissionsFrom,
  envWith,
  failingMailer,
  fakeMailer,
  makeDue,
  outboxRowsForSubmission,
  postJson,
  submissionRow,
  uniqueEmail,
  uniqueIp,
} from "./outbox-fakes";

function anApplication(overrides: Record<string, unknown> = {}) {
  return {
    name: "Jordan Reyes",
    email: uniqueEmail("jordan"),
    currentPhone: "+1 562 555 0142",
    interestPhone: "+1 949 555 0199",
    currentAddress: "Long Beach, United States of America",
    locationOfInterest: "Irvine, United States of America",
    netWorth: "$500,000 - $1,000,000",
    liquidCapital: "$250,000 - $500,000",
    hasBusinessExperience: "No",
    bio: "Ran two coffee carts for six years.",
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/partnership", () => {
  it("stores the application, e-mails every field to the shop in a table and answers 201 with the id", async () => {
    const mailer = fakeMailer();
    const body = anApplication();
    const response = await postJson("/api/partnership", body, { env: envWith(mailer) });

    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const submission = await submissionRow(id);
    expect(submission).toMatchObject({ kind: "partnership", name: "Jordan Reyes", email: body.email });
    expect(JSON.parse(submission!.payload)).toEqual(body);
    const [email] = await outboxRowsForSubmission(id);
    expect(email).toMatchObject({ kind: "partnership", recipient: env.SHOP_EMAIL, status: "sent" });

    expect(mailer.sent).toHaveLength(1);
    const sent = mailer.sent[0]!;
    expect(sent).toMatchObject({
      to: env.SHOP_EMAIL,
      replyTo: body.email,
      subject: "Franchise application from Jordan Reyes",
    });
    const labelled = {
      Name: "Jordan Reyes",
      "Current phone": "+1 562 555 0142",
      "Interest phone": "+1 949 555 0199",
      "Current address": "Long Beach, United States of America",
      "Location of interest": "Irvine, United States of America",
      "Net worth": "$500,000 - $1,000,000",
      "Liquid capital": "$250,000 - $500,000",
      "Business experience": "No",
      Bio: "Ran two coffee carts for six years.",
    };
    for (const [label, value] of Object.entries(labelled)) {
      expect(sent.html).toMatch(
        new RegExp(`<th scope="row"[^>]*>${label}</th><td[^>]*>(<a [^>]*>)?${value.replace(/[$()+.]/g, "\\$&")}`),
      );
      expect(sent.text).toContain(`${label}: ${value}`);
    }
    expect(sent.html).toContain(`href="mailto:${body.email}"`);
  });

  it("needs only a first name and an e-mail; the rest default to empty and business experience to Yes", async () => {
    const mailer = fakeMailer();
    const email = uniqueEmail("minimal");
    const response = await postJson("/api/partnership", { name: "Kim", email }, { env: envWith(mailer) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(JSON.parse((await submissionRow(id))!.payload)).toEqual({
      name: "Kim",
      email,
      currentPhone: "",
      interestPhone: "",
      currentAddress: "",
      locationOfInterest: "",
      netWorth: "",
      liquidCapital: "",
      hasBusinessExperience: "Yes",
      bio: "",
    });
    expect(mailer.sent[0]?.text).toContain("Bio: —");
  });

  it("keeps the application when the mail binding fails, and a later cron run delivers it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const body = anApplication();
    const response = await postJson("/api/partnership", body, { env: envWith(failingMailer("quota exceeded")) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [queued] = await outboxRowsForSubmission(id);
    expect(queued).toMatchObject({ status: "queued", lastError: "quota exceeded" });

    await makeDue(queued!.id);
    const later = fakeMailer();
    await deliverDueEmails(envWith(later));
    expect(later.sent.filter((message) => message.replyTo === body.email)).toHaveLength(1);
    expect((await outboxRowsForSubmission(id))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("escapes hostile input and keeps newlines in the name out of the subject", async () => {
    const mailer = fakeMailer();
    const response = await postJson(
      "/api/partnership",
      anApplication({
        name: "Mallory\nSubject: you won\r\nBcc: list@example.com",
        bio: "<script>document.location='https://evil.example'</script>",
        currentAddress: '"><iframe src=https://evil.example>',
      }),
      { env: envWith(mailer) },
    );
    expect(response.status).toBe(201);
    const sent = mailer.sent[0]!;
    expect(sent.subject).toBe("Franchise application from Mallory Subject: you won Bcc: list@example.com");
    expect(sent.html).not.toContain("<script>");
    expect(sent.html).not.toContain("<iframe");
    expect(sent.html).toContain("&lt;script&gt;document.location=&#39;https://evil.example&#39;&lt;/script&gt;");
    expect(sent.html).toContain("&quot;&gt;&lt;iframe src=https://evil.example&gt;");
  });

  describe("refuses bad input naming the field, and stores nothing", () => {
    const cases: Array<{ name: string; body: Record<string, unknown>; field: string; message: string; code?: string }> =
      [
        {
          name: "missing name",
          body: anApplication({ name: "" }),
          field: "name",
          message: "name: First name is required",
        },
        {
          name: "missing email",
          body: anApplication({ email: "" }),
          field: "email",
          message: "email: Email is required",
        },
        {
          name: "bad email",
          body: anApplication({ email: "jordan.example.com" }),
          field: "email",
          message: "email: Invalid email format",
        },
        {
          name: "business experience other than Yes or No",
          body: anApplication({ hasBusinessExperience: "Maybe" }),
          field: "hasBusinessExperience",
          message: "hasBusinessExperience: Business experience must be Yes or No",
        },
        {
          name: "bio too long",
          body: anApplication({ bio: "b".repeat(3001) }),
          field: "bio",
          message: "bio: bio can be at most 3000 characters",
        },
        {
          name: "unknown field",
          body: anApplication({ referral: "friend" }),
          field: "referral",
          message: "Unknown field: referral",
          code: "unknown_field",
        },
      ];
    for (const testCase of cases) {
      it(testCase.name, async () => {
        const before = await countAllSubmissions();
        const response = await postJson("/api/partnership", testCase.body, { env: envWith(fakeMailer()) });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: testCase.code ?? "invalid_input", field: testCase.field, message: testCase.message },
        });
        expect(await countAllSubmissions()).toBe(before);
      });
    }

    it("malformed JSON, a wrong content type and an oversized body", async () => {
      const before = await countAllSubmissions();
      const testEnv = envWith(fakeMailer());
      const malformed = await postJson("/api/partnership", "{name:", { env: testEnv });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ error: { code: "invalid_json" } });

      const wrongType = await postJson("/api/partnership", JSON.stringify(anApplication()), {
        env: testEnv,
        headers: { "Content-Type": "text/plain" },
      });
      expect(wrongType.status).toBe(415);
      expect(await wrongType.json()).toMatchObject({ error: { code: "unsupported_media_type" } });

      const oversized = await postJson("/api/partnership", anApplication({ bio: "z".repeat(17 * 1024) }), {
        env: testEnv,
      });
      expect(oversized.status).toBe(413);
      expect(await countAllSubmissions()).toBe(before);
    });
  });

  it("limits a client to 5 applications a minute, shared with the contact form", async () => {
    await startOfRateLimitWindow();
    const ip = uniqueIp();
    const email = uniqueEmail("burst");
    const mailer = fakeMailer();
    const contact = await postJson(
      "/api/contact",
      { username: "Burst Tester", email, phone: "7145550100", message: "hi" },
      { env: envWith(mailer), ip },
    );
    expect(contact.status).toBe(201);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await postJson("/api/partnership", anApplication({ email }), { env: envWith(mailer), ip });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect(await countSubmissionsFrom(email)).toBe(5);
  });
});
