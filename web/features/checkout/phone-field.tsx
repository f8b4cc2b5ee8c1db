import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutForm } from "#common/forms/checkout";
import { FormField } from "#web/components/form-field/form-field";

/** The number the shop calls about the order. */
export function PhoneField({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const id = useId();
  return (
    <FormField
      id={id}
      label="Phone number"
      error={form.formState.errors.phone?.message}
      announceError
      after={<p className="field__hint">We call this number if there is a question about your order.</p>}
    >
      {(control) => (
        <input {...control} type="tel" autoComplete="tel" inputMode="tel" required {...form.register("phone")} />
      )}
    </FormField>
  );
}
