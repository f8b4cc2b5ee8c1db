import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import {
  EMPTY_PARTNERSHIP_FORM,
  partnershipFormSchema,
  toPartnershipPayload,
  type PartnershipForm,
  type ValidPartnershipForm,
} from "#common/forms/partnership";
import { useSessionStore } from "#web/lib/session-store";
import { useSendPartnershipRequest } from "./api/send-partnership-request";
import { countryName } from "./countries";

export const PARTNERSHIP_SUCCESS_TEXT = "Partner request sent successfully";
export const PARTNERSHIP_FAILURE_TEXT = "Failed to send request. Please try again.";

/**
 * The franchise application: its form (the e-mail filled from the session), sending it, and who
 * the last application came from once it is sent, when the form gives way to a confirmation.
 */
export function usePartnershipApplication() {
  const sendRequest = useSendPartnershipRequest();
  const sessionEmail = useSessionStore((state) => state.user.email);
  const [sent, setSent] = useState<{ firstName: string; email: string } | null>(null);

  const form = useForm<PartnershipForm, unknown, ValidPartnershipForm>({
    resolver: zodResolver(partnershipFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...EMPTY_PARTNERSHIP_FORM, email: sessionEmail },
  });
  const { getValues, setValue, reset, handleSubmit } = form;

  // The session can arrive after the page (sign-in, or the server's answer on load); fill the
  // e-mail then, unless the visitor has already typed one.
  useEffect(() => {
    if (sessionEmail && !getValues("email")) setValue("email", sessionEmail);
  }, [sessionEmail, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendRequest.mutateAsync(toPartnershipPayload(values, countryName));
    } catch {
      toast.error(PARTNERSHIP_FAILURE_TEXT);
      return;
    }
    toast.success(PARTNERSHIP_SUCCESS_TEXT);
    setSent({ firstName: values.firstName, email: values.email });
    reset({ ...EMPTY_PARTNERSHIP_FORM, email: sessionEmail });
  });

  return {
    register: form.register,
    errors: form.formState.errors,
    onSubmit,
    busy: form.formState.isSubmitting || sendRequest.isPending,
    sent,
    sendAnother: () => setSent(null),
  };
}

export type PartnershipApplication = ReturnType<typeof usePartnershipApplication>;
