import { BUSINESS_EXPERIENCE_ANSWERS } from "#common/forms/partnership";
import { FormField } from "#web/components/form-field/form-field";
import type { useFranchiseSettings } from "#web/features/partnership/api/get-settings";
import type { PartnershipApplication } from "#web/features/partnership/use-partnership-application";
import { CountrySelect } from "./country-select";
import { OptionsSelect } from "./options-select";

interface ApplicationFormProps {
  application: PartnershipApplication;
  /** The franchise settings, whose ranges the finances' selects offer. */
  settings: ReturnType<typeof useFranchiseSettings>;
}

/** The franchise application: about you, your address, where you would open, and your finances. */
export function ApplicationForm({ application, settings }: ApplicationFormProps) {
  const { register, errors, onSubmit, busy } = application;
  return (
    <form className="card partnership-form" onSubmit={onSubmit} noValidate aria-labelledby="application-title">
      <div className="partnership-form__header">
        <h2 id="application-title">Apply to become a partner</h2>
        <p className="muted">Only your first name and e-mail are required; the rest helps us answer faster.</p>
      </div>

      <fieldset className="partnership-form__group">
        <legend>About you</legend>
        <div className="partnership-form__row">
          <FormField id="partner-first-name" label="First legal name" required error={errors.firstName}>
            {(control) => <input {...control} type="text" autoComplete="given-name" {...register("firstName")} />}
          </FormField>
          <FormField id="partner-last-name" label="Last legal name" error={errors.lastName}>
            {(control) => <input {...control} type="text" autoComplete="family-name" {...register("lastName")} />}
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
            {(control) => <input {...control} type="text" autoComplete="address-level2" {...register("currentCity")} />}
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

      <FinancesFields application={application} settings={settings} />

      <button type="submit" className="btn btn--primary btn--large partnership-form__submit" disabled={busy}>
        {busy ? "Sending…" : "Send application"}
      </button>
    </form>
  );
}

/** Net worth and liquid capital (ranges from the settings), business experience and a bio. */
function FinancesFields({ application, settings }: ApplicationFormProps) {
  const { register, errors } = application;
  const franchise = settings.data;
  return (
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
  );
}
