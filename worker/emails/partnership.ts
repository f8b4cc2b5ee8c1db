import type { PartnershipPayload } from "#common/forms/partnership";
import type { SubmissionEmailContext } from "./contact";
import { telHref } from "./contact";
import { singleLine } from "./html";
import { renderEmail, type RenderedEmail } from "./layout";

/** The shop's copy of a franchise application: every field, in the order of the form. */
export function partnershipApplicationEmail(
  payload: PartnershipPayload,
  context: SubmissionEmailContext,
): RenderedEmail & { subject: string } {
  const { html, text } = renderEmail({
    title: "New franchise application",
    intro: `${payload.name} applied to become a Squeeze franchise partner. Reply to this e-mail to answer them.`,
    rows: [
      { label: "Name", value: payload.name },
      { label: "Email", value: payload.email, href: `mailto:${payload.email}` },
      { label: "Current phone", value: payload.currentPhone, href: telHref(payload.currentPhone) },
      { label: "Interest phone", value: payload.interestPhone, href: telHref(payload.interestPhone) },
      { label: "Current address", value: payload.currentAddress },
      { label: "Location of interest", value: payload.locationOfInterest },
      { label: "Net worth", value: payload.netWorth },
      { label: "Liquid capital", value: payload.liquidCapital },
      { label: "Business experience", value: payload.hasBusinessExperience },
      { label: "Bio", value: payload.bio },
    ],
    footer: `Received ${context.receivedAt} · reference ${context.submissionId}`,
  });
  return { subject: singleLine(`Franchise application from ${payload.name}`), html, text };
}
