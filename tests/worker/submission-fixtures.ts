import { expect } from "vitest";
import type { ApiErrorBody } from "#common/api-error";
import type { SubmissionReceipt } from "#common/submissions";
import { deliverDueEmails } from "#worker/services/outbox/email";
import {
  countAllSubmissions,
  envWith,
  fakeMailer,
  makeDue,
  postJson,
  uniqueEmail,
  type SentMessage,
} from "./outbox-fakes";

/** A contact message as the form sends it, with an e-mail address no other test uses. */
export function aContactMessage(overrides: Record<string, unknown> = {}) {
  return {
    username: "Ana Lima",
    email: uniqueEmail("ana"),
    phone: "+1 714 555 0100",
    message: "Do you cater office parties?\nAbout 30 people.",
    ...overrides,
  };
}

/** A franchise application with every field filled, as the form sends it. */
export function aFranchiseApplication(overrides: Record<string, unknown> = {}) {
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

/** The submission was stored: 201 with its id, which the tests then look up. */
export async function storedId(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as SubmissionReceipt;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/** Makes a queued e-mail due and runs the cron's delivery: what a later run sent, from `replyTo`. */
export async function deliverLater(outboxId: string, replyTo: string): Promise<SentMessage[]> {
  await makeDue(outboxId);
  const later = fakeMailer();
  await deliverDueEmails(envWith(later));
  return later.sent.filter((message) => message.replyTo === replyTo);
}

/**
 * The form endpoint refuses `body` with exactly `status` and `error`, stores nothing and sends no
 * e-mail. `body` is sent as it is when it is a string (malformed JSON, a form encoding…).
 */
export async function expectRefused(
  path: string,
  body: unknown,
  status: number,
  error: ApiErrorBody["error"],
  headers?: Record<string, string>,
): Promise<void> {
  const before = await countAllSubmissions();
  const mailer = fakeMailer();
  const response = await postJson(path, body, { env: envWith(mailer), headers });
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error });
  expect(await countAllSubmissions()).toBe(before);
  expect(mailer.send).not.toHaveBeenCalled();
}
