/**
 * Contact messages and franchise applications: the submission and its e-mail to the shop are
 * written in one D1 batch, so a stored submission always has its e-mail queued and a failed
 * write stores neither. Delivery happens afterwards (see outbox/email.ts).
 */
import type { ContactPayload } from "#common/forms/contact";
import type { PartnershipPayload } from "#common/forms/partnership";
import type { Database } from "#worker/db/client";
import type { SubmissionKind } from "#common/submissions";
import { formSubmissions } from "#worker/db/schema";
import { contactMessageEmail } from "#worker/emails/contact";
import { partnershipApplicationEmail } from "#worker/emails/partnership";
import type { Env } from "#worker/env";
import { queueEmail } from "./outbox/email";

export type Submission =
  { kind: "contact"; payload: ContactPayload } | { kind: "partnership"; payload: PartnershipPayload };

export interface RecordedSubmission {
  id: string;
  /** The queued e-mails, for `announceAfterCommit`. */
  emailIds: string[];
}

export async function recordSubmission(db: Database, env: Env, submission: Submission): Promise<RecordedSubmission> {
  const id = crypto.randomUUID();
  const receivedAt = new Date().toISOString();
  const context = { submissionId: id, receivedAt };
  const { name, email } = submitter(submission);
  const rendered =
    submission.kind === "contact"
      ? contactMessageEmail(submission.payload, context)
      : partnershipApplicationEmail(submission.payload, context);

  const queued = queueEmail(db, {
    kind: submission.kind satisfies SubmissionKind,
    to: env.SHOP_EMAIL,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    submissionId: id,
  });
  await db.batch([
    db.insert(formSubmissions).values({
      id,
      kind: submission.kind,
      name,
      email,
      payload: JSON.stringify(submission.payload),
      createdAt: receivedAt,
    }),
    queued.statement,
  ]);
  return { id, emailIds: [queued.id] };
}

function submitter(submission: Submission): { name: string; email: string } {
  return submission.kind === "contact"
    ? { name: submission.payload.username, email: submission.payload.email }
    : { name: submission.payload.name, email: submission.payload.email };
}
