import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startOfRateLimitWindow } from "./helpers";
import {
  countAllSubmissions,
  envWith,
  fakeMailer,
  outboxRowsForSubmission,
  postJson,
  submissionRow,
  uniqueEmail,
  uniqueIp,
} from "./outbox-fakes";

const PATHS = ["/send-email", "/api/send-email"] as const;

function contactPayload() {
  return { username: "Lee Park", email: uniqueEmail("lee"), phone: "(714) 555-0177", message: "Gift cards?" };
}

async function expectRefused(
  path: string,
  body: unknown,
  expected: { status: number; code: string; field?: string; message?: string | RegExp },
  headers?: Record<string, string>,
) {
  const before = await countAllSubmissions();
  const mailer = fakeMailer();
  const response = await postJson(path, body, { env: envWith(mailer), headers });
  expect(response.status).toBe(expected.status);
  const { error } = (await response.json()) as { error: { code: string; message: string; field?: string } };
  expect(error.code).toBe(expected.code);
  if (expected.field !== undefined) expect(error.field).toBe(expected.field);
  if (expected.message !== undefined) expect(error.message).toMatch(expected.message);
  expect(await countAllSubmissions()).toBe(before);
  expect(mailer.send).not.toHaveBeenCalled();
}

describe.each(PATHS)("POST %s", (path) => {
  it("stores a contact message and e-mails the shop, like POST /api/contact", async () => {
    const mailer = fakeMailer();
    const payload = contactPayload();
    const response = await postJson(path, { type: "contact", payload }, { env: envWith(mailer) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await submissionRow(id)).toMatchObject({ kind: "contact", email: payload.email });
    expect((await outboxRowsForSubmission(id))[0]).toMatchObject({ status: "sent", recipient: env.SHOP_EMAIL });
    expect(mailer.sent[0]).toMatchObject({ subject: "Contact message from Lee Park", replyTo: payload.email });
  });

  it("stores a franchise application and e-mails the shop, like POST /api/partnership", async () => {
    const mailer = fakeMailer();
    const email = uniqueEmail("sam");
    const payload = {
      name: "Sam Ortiz",
      email,
      hasBusinessExperience: "Yes",
      locationOfInterest: "Tustin, United States of America",
    };
    const response = await postJson(path, { type: "partnership", payload }, { env: envWith(mailer) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await submissionRow(id)).toMatchObject({ kind: "partnership", email });
    expect(mailer.sent[0]?.subject).toBe("Franchise application from Sam Ortiz");
    expect(mailer.sent[0]?.text).toContain("Location of interest: Tustin, United States of America");
  });

  it("refuses an order and points at the orders API (prices never come from the client)", async () => {
    await expectRefused(
      path,
      {
        type: "order",
        payload: { user: { username: "X", email: "x@example.com", phone: "1" }, items: [], total: 0.01 },
      },
      { status: 400, code: "use_orders_api", field: "type", message: /POST \/api\/orders/ },
    );
  });

  it("refuses an unknown or missing type, naming `type`", async () => {
    await expectRefused(
      path,
      { type: "newsletter", payload: {} },
      {
        status: 400,
        code: "invalid_input",
        field: "type",
        message: 'type: must be "contact" or "partnership"',
      },
    );
    await expectRefused(path, { payload: contactPayload() }, { status: 400, code: "invalid_input", field: "type" });
  });

  it("refuses a missing payload and names the field inside a bad one", async () => {
    await expectRefused(path, { type: "contact" }, { status: 400, code: "invalid_input", field: "payload" });
    await expectRefused(
      path,
      { type: "contact", payload: { ...contactPayload(), phone: "123" } },
      {
        status: 400,
        code: "invalid_input",
        field: "payload.phone",
        message: "payload.phone: Phone number must be at least 10 digits",
      },
    );
    await expectRefused(
      path,
      { type: "contact", payload: { ...contactPayload(), total: 100 } },
      {
        status: 400,
        code: "unknown_field",
        field: "payload.total",
        message: "Unknown field: payload.total",
      },
    );
  });

  it("refuses unknown top-level fields, malformed JSON, a wrong content type and an oversized body", async () => {
    await expectRefused(
      path,
      { type: "contact", payload: contactPayload(), priority: "high" },
      {
        status: 400,
        code: "unknown_field",
        field: "priority",
      },
    );
    await expectRefused(path, '{"type":"contact",', { status: 400, code: "invalid_json" });
    await expectRefused(
      path,
      "type=contact",
      { status: 415, code: "unsupported_media_type" },
      {
        "Content-Type": "application/x-www-form-urlencoded",
      },
    );
    await expectRefused(
      path,
      { type: "contact", payload: { ...contactPayload(), message: "m".repeat(16 * 1024) } },
      {
        status: 413,
        code: "payload_too_large",
      },
    );
  });
});

it("rate limits /send-email per client together with the form endpoints", async () => {
  await startOfRateLimitWindow();
  const ip = uniqueIp();
  const mailer = fakeMailer();
  const statuses: number[] = [];
  for (let index = 0; index < 7; index += 1) {
    const response = await postJson(
      PATHS[index % 2]!,
      { type: "contact", payload: contactPayload() },
      { env: envWith(mailer), ip },
    );
    statuses.push(response.status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  expect(mailer.sent).toHaveLength(5);
});
