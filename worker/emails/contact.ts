import type { ContactPayload } from "#common/forms/contact";
import { singleLine } from "./html";
import { renderEmail, type RenderedEmail } from "./layout";

export interface SubmissionEmailContext {
  submissionId: string;
  receivedAt: string;
}

/** The shop's copy of a contact message; replying goes to the sender (see the outbox's reply-to). */
export function contactMessageEmail(
  payload: ContactPayload,
  context: SubmissionEmailContext,
): RenderedEmail & { subject: string } {
  const { html, text } = renderEmail({
    title: "New contact message",
    intro: `${payload.username} wrote through the contact form. Reply to this e-mail to answer them.`,
    rows: [
      { label: "Name", value: payload.username },
      { label: "Email", value: payload.email, href: `mailto:${payload.email}` },
      { label: "Phone", value: payload.phone, href: telHref(payload.phone) },
    ],
    message: { label: "Message", text: payload.message },
    footer: `Received ${context.receivedAt} · reference ${context.submissionId}`,
  });
  return { subject: singleLine(`Contact message from ${payload.username}`), html, text };
}

/** A dialable link for a typed phone number, or nothing when it has no digits to dial. */
export function telHref(phone: string): string | undefined {
  const dialable = phone.replace(/[^\d+]/g, "");
  return /\d/.test(dialable) ? `tel:${dialable}` : undefined;
}
