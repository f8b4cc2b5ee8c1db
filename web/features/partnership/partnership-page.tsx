import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import {
  BUSINESS_EXPERIENCE_ANSWERS,
  EMPTY_PARTNERSHIP_FORM,
  partnershipFormSchema,
  toPartnershipPayload,
  type PartnershipForm,
  type ValidPartnershipForm,
} from "#common/forms/partnership";
import { usePageMeta } from "#web/lib/use-page-meta";
import { FullScreenSpinner } from "#web/components/full-screen-spinner";
import { brand } from "#web/config/brand";
import { useSessionStore } from "#web/lib/session-store";
import { FormField } from "#web/components/form-field/form-field";
import { useFranchiseSettings } from "./api/get-settings";
import { useSendPartnershipRequest } from "./api/send-partnership-request";
import { CountrySelect } from "./components/country-select";
import { FranchiseFees } from "./components/franchise-fees";
import { countryName } from "./countries";
import "./partnership.css";

export const PARTNERSHIP_SUCCESS_TEXT = "Partner request sent successfully";
export const PARTNERSHIP_FAILURE_TEXT = "Failed to send request. Please try again.";

/** A select of the settings' options; while they load or when they failed, it says so and stays optional. */
function OptionsSelect({
  options,
  isLoading,
  isError,
  ...props
}: ComponentProps<"select"> & { options: string[] | undefined; isLoading: boolean; isError: boolean }) {
  const placeholder = isLoading
    ? "Loading options…"
    : isError || !options?.length
      ? "Options unavailable"
      : "Select a range";
  return (
    <select {...props} disabled={isLoading || !options?.length}>
      <option value="">{placeholder}</option>
      {options?.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

export default function PartnershipPage() {
  usePageMeta(
    "Franchise",
    `Open a ${brand.name} juice bar: reduced royalty and ad fees for your first three years. Apply in a few minutes.`,
  );
  const settings = useFranchiseSettings();
  const sendRequest = useSendPartnershipRequest();
  const sessionEmail = useSessionStore((state) => state.user.email);
  /** Who the last application came from, once it has been sent: the form gives way to a confirmation. */
  const [sent, setSent] = useState<{ firstName: string; email: string } | null>(null);

  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PartnershipForm, unknown, ValidPartnershipForm>({
    resolver: zodResolver(partnershipFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { ...EMPTY_PARTNERSHIP_FORM, email: sessionEmail },
  });

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

  const busy = isSubmitting || sendRequest.isPending;
  const franchise = settings.data;

  return (
    <>
      <section className="section partnership-hero" aria-labelledby="partnership-title">
        <div className="container partnership-hero__grid">
          <div className="stack">
            <span className="eyebrow">Franchise</span>
            <h1 id="partnership-title">Open your own {brand.name}</h1>
            <p className="lead">
              Bring fresh-pressed juice to your neighbourhood. New partners pay reduced royalty and ad fees for their
              first three years while the shop finds its regulars.
            </p>
          </div>
          <div className="card partnership-hero__fees" aria-labelledby="fees-title">
            <h2 id="fees-title" className="partnership-hero__fees-title">
              Your first three years
            </h2>
            <FranchiseFees
              settings={franchise}
              isLoading={settings.isPending}
              isError={settings.isError}
              onRetry={() => void settings.refetch()}
            />
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="application-title">
        <div className="container">
          {sent ? (
            <ApplicationSent {...sent} onAnother={() => setSent(null)} />
          ) : (
            <form className="card partnership-form" onSubmit={onSubmit} noValidate aria-labelledby="application-title">
              <div className="partnership-form__header">
                <h2 id="application-title">Apply to become a partner</h2>
                <p className="muted">Only your first name and e-mail are required; the rest helps us answer faster.</p>
              </div>

              <fieldset className="partnership-form__group">
                <legend>About you</legend>
                <div className="partnership-form__row">
                  <FormField id="partner-first-name" label="First legal name" required error={errors.firstName}>
                    {(control) => (
                      <input {...control} type="text" autoComplete="given-name" {...register("firstName")} />
                    )}
                  </FormField>
                  <FormField id="partner-last-name" label="Last legal name" error={errors.lastName}>
                    {(control) => (
                      <input {...control} type="text" autoComplete="family-name" {...register("lastName")} />
                    )}
                  </FormField>
                </div>
                <FormField id="partner-email" label="Email" required error={errors.email}>
                  {(control) => (
                    <input {...control} type="email" autoComplete="email" inputMode="email" {...register("email")} />
                  )}
                </FormField>
                <div className="partnership-form__row">
                  <FormField id="partner-current-phone" label="Current phone" error={errors.currentPhone}>
                    {(control) => <input {...control} type="tel" autoComplete="tel" {...register("currentPhone")} />}
                  </FormField>
                  <FormField
                    id="partner-interest-phone"
                    label="Interest phone"
                    hint="A number to reach you about the franchise, if different."
                    error={errors.interestPhone}
                  >
                    {(control) => <input {...control} type="tel" {...register("interestPhone")} />}
                  </FormField>
                </div>
              </fieldset>

              <fieldset className="partnership-form__group">
                <legend>Current address</legend>
                <div className="partnership-form__row">
                  <FormField id="partner-current-city" label="City" error={errors.currentCity}>
                    {(control) => (
                      <input {...control} type="text" autoComplete="address-level2" {...register("currentCity")} />
                    )}
                  </FormField>
                  <FormField id="partner-current-country" label="Country" error={errors.currentCountry}>
                    {(control) => <CountrySelect {...control} {...register("currentCountry")} />}
                  </FormField>
                </div>
              </fieldset>

              <fieldset className="partnership-form__group">
                <legend>Location of interest</legend>
                <div className="partnership-form__row">
                  <FormField id="partner-interest-city" label="City" error={errors.interestCity}>
                    {(control) => <input {...control} type="text" {...register("interestCity")} />}
                  </FormField>
                  <FormField id="partner-interest-country" label="Country" error={errors.interestCountry}>
                    {(control) => <CountrySelect {...control} {...register("interestCountry")} />}
                  </FormField>
                </div>
              </fieldset>

              <fieldset className="partnership-form__group">
                <legend>Finances and experience</legend>
                <div className="partnership-form__row">
                  <FormField id="partner-net-worth" label="Net worth" error={errors.netWorth}>
                    {(control) => (
                      <OptionsSelect
                        {...control}
                        options={franchise?.netWorth}
                        isLoading={settings.isPending}
                        isError={settings.isError}
                        {...register("netWorth")}
                      />
                    )}
                  </FormField>
                  <FormField id="partner-liquid-capital" label="Liquid capital" error={errors.liquidCapital}>
                    {(control) => (
                      <OptionsSelect
                        {...control}
                        options={franchise?.liquidCapitals}
                        isLoading={settings.isPending}
                        isError={settings.isError}
                        {...register("liquidCapital")}
                      />
                    )}
                  </FormField>
                </div>
                <fieldset className="partnership-form__radios">
                  <legend className="field__label">Do you have business experience?</legend>
                  <div className="partnership-form__radio-options">
                    {BUSINESS_EXPERIENCE_ANSWERS.map((answer) => (
                      <label key={answer} className="partnership-form__radio">
                        <input type="radio" value={answer} {...register("hasBusinessExperience")} />
                        <span>{answer}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
                <FormField
                  id="partner-bio"
                  label="Bio"
                  hint="Tell us about yourself and why you would like to open a juice bar."
                  error={errors.bio}
                >
                  {(control) => <textarea {...control} rows={5} {...register("bio")} />}
                </FormField>
              </fieldset>

              <button type="submit" className="btn btn--primary btn--large partnership-form__submit" disabled={busy}>
                {busy ? "Sending…" : "Send application"}
              </button>
            </form>
          )}
        </div>
      </section>
      {busy && <FullScreenSpinner label="Sending your application…" />}
    </>
  );
}

/**
 * In place of the form once an application is sent: what happens next, and a way to send
 * another. The focus moves to its heading so a screen reader says so too.
 */
function ApplicationSent({ firstName, email, onAnother }: { firstName: string; email: string; onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card partnership-form partnership-sent" role="region" aria-labelledby="application-sent-title">
      <svg className="partnership-sent__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17 9" />
      </svg>
      <h2 id="application-sent-title" ref={heading} tabIndex={-1}>
        Application received
      </h2>
      <p className="lead">
        Thank you, {firstName}. Our franchise team reads every application and will write to{" "}
        <strong className="partnership-sent__email">{email}</strong> within a few working days.
      </p>
      <button type="button" className="btn btn--ghost" onClick={onAnother}>
        Send another application
      </button>
    </div>
  );
}
