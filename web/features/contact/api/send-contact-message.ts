import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { ContactPayload } from "#common/forms/contact";
import type { SubmissionReceipt } from "#common/submissions";
import { apiFetch } from "#web/lib/api-client";

/** POST /api/contact: the message is stored and e-mailed to the shop. */
export function sendContactMessage(payload: ContactPayload): Promise<SubmissionReceipt> {
  return apiFetch<SubmissionReceipt>("/api/contact", { method: "POST", json: payload });
}

export function sendContactMessageMutationOptions() {
  return mutationOptions({
    mutationKey: ["contact", "send"],
    mutationFn: sendContactMessage,
  });
}

export function useSendContactMessage() {
  return useMutation(sendContactMessageMutationOptions());
}
