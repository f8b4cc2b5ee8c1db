import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startOfRateLimitWindow } from "./helpers";
import {
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
import { aContactMessage, aFranchiseApplication, deliverLater, expectRefused, storedId } from "./submission-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("POST /api/partnership", () => {
  it("stores the application, e-mails every field to the shop in a table and answers 201 with the id", async () => {
    const mailer = fakeMailer();
    const body = aFranchiseApplication();
    const id = await storedId(await postJson("/api/partnership", body, { env: envWith(mailer) }));
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
    const id = await storedId(await postJson("/api/partnership", { name: "Kim", email }, { env: envWith(mailer) }));
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
    const body = aFranchiseApplication();
    const id = await storedId(
      await postJson("/api/partnership", body, { env: envWith(failingMailer("quota exceeded")) }),
    );
    const [queued] = await outboxRowsForSubmission(id);
    expect(queued).toMatchObject({ status: "queued", lastError: "quota exceeded" });

    expect(await deliverLater(queued!.id, body.email)).toHaveLength(1);
    expect((await outboxRowsForSubmission(id))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("escapes hostile input and keeps newlines in the name out of the subject", async () => {
    const mailer = fakeMailer();
    const response = await postJson(
      "/api/partnership",
      aFranchiseApplication({
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
          body: aFranchiseApplication({ name: "" }),
          field: "name",
          message: "name: First name is required",
        },
        {
          name: "missing email",
          body: aFranchiseApplication({ email: "" }),
          field: "email",
          message: "email: Email is required",
        },
        {
          name: "bad email",
          body: aFranchiseApplication({ email: "jordan.example.com" }),
          field: "email",
          message: "email: Invalid email format",
        },
        {
          name: "business experience other than Yes or No",
          body: aFranchiseApplication({ hasBusinessExperience: "Maybe" }),
          field: "hasBusinessExperience",
          message: "hasBusinessExperience: Business experience must be Yes or No",
        },
        {
          name: "bio too long",
          body: aFranchiseApplication({ bio: "b".repeat(3001) }),
          field: "bio",
          message: "bio: bio can be at most 3000 characters",
        },
        {
          name: "unknown field",
          body: aFranchiseApplication({ referral: "friend" }),
          field: "referral",
          message: "Unknown field: referral",
          code: "unknown_field",
        },
      ];
    for (const { name, body, code, field, message } of cases) {
      it(name, () => expectRefused("/api/partnership", body, 400, { code: code ?? "invalid_input", field, message }));
    }

    it("malformed JSON, a wrong content type and an oversized body", async () => {
      await expectRefused("/api/partnership", "{name:", 400, {
        code: "invalid_json",
        message: "The request body is not valid JSON.",
      });
      await expectRefused(
        "/api/partnership",
        JSON.stringify(aFranchiseApplication()),
        415,
        {
          code: "unsupported_media_type",
          message: "Content-Type must be application/json",
        },
        { "Content-Type": "text/plain" },
      );
      await expectRefused("/api/partnership", aFranchiseApplication({ bio: "z".repeat(17 * 1024) }), 413, {
        code: "payload_too_large",
        message: "The request body is larger than 16 KB.",
      });
    });
  });

  it("limits a client to 5 applications a minute, shared with the contact form", async () => {
    await startOfRateLimitWindow();
    const ip = uniqueIp();
    const email = uniqueEmail("burst");
    const mailer = fakeMailer();
    const contact = await postJson("/api/contact", aContactMessage({ email }), { env: envWith(mailer), ip });
    expect(contact.status).toBe(201);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await postJson("/api/partnership", aFranchiseApplication({ email }), {
        env: envWith(mailer),
        ip,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect(await countSubmissionsFrom(email)).toBe(5);
  });
});
