import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { promoCodeFormSchema, type PromoCodeForm, type ValidPromoCodeForm } from "#common/forms/checkout";
import { FormField } from "#web/components/form-field/form-field";
import type { PromoCodeState } from "./use-promo-code";

interface PromoCodeFieldProps {
  promo: PromoCodeState;
  /** What `POST /api/orders` said of the code (409 `promo_*`), until the next attempt. */
  orderRefusal: string | null;
  onChanged(): void;
  disabled: boolean;
}

/**
 * "Promo code" with Apply; once a code is applied, the code with Remove, and under it why it cannot
 * apply when the server says so (asked with the cart, or refused when the order was placed).
 */
export function PromoCodeField({ promo, orderRefusal, onChanged, disabled }: PromoCodeFieldProps) {
  const id = useId();
  const form = useForm<PromoCodeForm, unknown, ValidPromoCodeForm>({
    resolver: zodResolver(promoCodeFormSchema),
    defaultValues: { promoCode: "" },
    mode: "onSubmit",
  });
  const applyTyped = form.handleSubmit(({ promoCode: code }) => {
    if (!code) {
      form.setError("promoCode", { message: "Enter a promo code" });
      return;
    }
    onChanged();
    promo.apply(code);
    form.reset({ promoCode: "" });
  });

  if (promo.promoCode) {
    const refusal = orderRefusal ?? promo.refusal?.message ?? null;
    return (
      <div className="promo-code" data-testid="promo-code">
        <p className="promo-code__applied">
          <span>
            Promo code <strong>{promo.promoCode}</strong>
            {promo.isChecking && !promo.discount && !refusal && <span className="muted"> · checking…</span>}
          </span>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={disabled}
            aria-label={`Remove promo code ${promo.promoCode}`}
            onClick={() => {
              onChanged();
              promo.remove();
            }}
          >
            Remove
          </button>
        </p>
        {refusal && (
          <p className="field__error" role="alert" data-testid="promo-code-refusal">
            {refusal}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="promo-code" onSubmit={(event) => void applyTyped(event)} noValidate>
      <FormField id={id} label="Promo code" error={form.formState.errors.promoCode} announceError>
        {(control) => (
          <div className="promo-code__row">
            <input
              {...control}
              {...form.register("promoCode")}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              disabled={disabled}
            />
            <button type="submit" className="btn btn--small" disabled={disabled}>
              Apply
            </button>
          </div>
        )}
      </FormField>
    </form>
  );
}
