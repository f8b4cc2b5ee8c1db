import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { PartnershipPayload } from "#common/forms/partnership";
import type { SubmissionReceipt } from "#common/submissions";
import { apiFetch } from "#web/lib/api-client";

/** POST /api/partnership: the application is stored and e-mailed to the shop. */
export function sendPartnershipRequest(payload: PartnershipPayload): Promise<SubmissionReceipt> {
  return apiFetch<SubmissionReceipt>("/api/partnership", { method: "POST", json: payload });
}

export function sendPartnershipRequestMutationOptions() {
  return mutationOptions({
    mutationKey: ["partnership", "send"],
    mutationFn: sendPartnershipRequest,
  });
}

export function useSendPartnershipRequest() {
  return useMutation(sendPartnershipRequestMutationOptions());
}
