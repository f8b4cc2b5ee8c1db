import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startOfRateLimitWindow } from "./helpers";
import {
  envWith,
  fakeMailer,
  outboxRowsForSubmission,
  postJson,
  submissionRow,
  uniqueEmail,
  uniqueIp,
} from "./outbox-fakes";
import { aContactMessage, expectRefused, storedId } from "./submission-fixtures";

const PATHS = ["/send-email", "/api/send-email"] as const;

describe.each(PATHS)("POST %s", (path) => {
  it("stores a contact message and e-mails the shop, like POST /api/contact", async () => {
    const mailer = fakeMailer();
    const payload = aContactMessage({ username: "Lee Park" });
    const id = await storedId(await postJson(path, { type: "contact", payload }, { env: envWith(mailer) }));
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
    const id = await storedId(await postJson(path, { type: "partnership", payload }, { env: envWith(mailer) }));
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
      400,
      {
        code: "use_orders_api",
        field: "type",
        message:
          "Orders are not sent through /send-email: place them with POST /api/orders, which prices them from the menu.",
      },
    );
  });

  it("refuses an unknown or missing type, naming `type`", async () => {
    await expectRefused(path, { type: "newsletter", payload: {} }, 400, {
      code: "invalid_input",
      field: "type",
      message: 'type: must be "contact" or "partnership"',
    });
    await expectRefused(path, { payload: aContactMessage() }, 400, {
      code: "invalid_input",
      field: "type",
      message: 'type: type is required: "contact" or "partnership"',
    });
  });

  it("refuses a missing payload and names the field inside a bad one", async () => {
    await expectRefused(path, { type: "contact" }, 400, {
      code: "invalid_input",
      field: "payload",
      message: "payload: is required",
    });
    await expectRefused(path, { type: "contact", payload: aContactMessage({ phone: "123" }) }, 400, {
      code: "invalid_input",
      field: "payload.phone",
      message: "payload.phone: Phone number must be at least 10 digits",
    });
    await expectRefused(path, { type: "contact", payload: aContactMessage({ total: 100 }) }, 400, {
      code: "unknown_field",
      field: "payload.total",
      message: "Unknown field: payload.total",
    });
  });

  it("refuses unknown top-level fields, malformed JSON, a wrong content type and an oversized body", async () => {
    await expectRefused(path, { type: "contact", payload: aContactMessage(), priority: "high" }, 400, {
      code: "unknown_field",
      field: "priority",
      message: "Unknown field: priority",
    });
    await expectRefused(path, '{"type":"contact",', 400, {
      code: "invalid_json",
      message: "The request body is not valid JSON.",
    });
    await expectRefused(
      path,
      "type=contact",
      415,
      {
        code: "unsupported_media_type",
        message: "Content-Type must be application/json",
      },
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    await expectRefused(path, { type: "contact", payload: aContactMessage({ message: "m".repeat(16 * 1024) }) }, 413, {
      code: "payload_too_large",
      message: "The request body is larger than 16 KB.",
    });
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
      { type: "contact", payload: aContactMessage() },
      { env: envWith(mailer), ip },
    );
    statuses.push(response.status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  expect(mailer.sent).toHaveLength(5);
});
