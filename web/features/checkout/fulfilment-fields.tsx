import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutForm } from "#common/forms/checkout";
import { isOutsideDeliveryArea, outsideDeliveryAreaMessage, type DeliveryArea } from "#common/fulfilment";
import { formatCents } from "#common/money";
import { FormField } from "#web/components/form-field/form-field";
import { brand } from "#web/config/brand";

interface FulfilmentFieldsProps {
  form: UseFormReturn<CheckoutForm>;
  area: DeliveryArea | undefined;
  disabled: boolean;
}

/** Pickup at the shop, or delivery to a street address in the delivery area. */
export function FulfilmentFields({ form, area, disabled }: FulfilmentFieldsProps) {
  const { register, watch, formState } = form;
  const fulfilment = watch("fulfilment") ?? "pickup";
  const streetId = useId();
  const zipId = useId();
  const zipHintId = useId();
  const streetError = formState.errors.street?.message;
  // Checked as it is typed against the area this page already has, not only once the button is pressed.
  const zip = watch("zip") ?? "";
  const zipError =
    formState.errors.zip?.message ??
    (isOutsideDeliveryArea(area, zip) ? outsideDeliveryAreaMessage(zip.trim()) : undefined);

  return (
    <fieldset className="fulfilment" disabled={disabled}>
      <legend className="field__label">Pickup or delivery</legend>
      <div className="fulfilment__choices">
        <label className="fulfilment__choice">
          <input type="radio" value="pickup" {...register("fulfilment")} />
          <span>Pickup</span>
        </label>
        <label className="fulfilment__choice">
          <input type="radio" value="delivery" {...register("fulfilment")} />
          <span>Delivery{area ? ` · ${formatCents(area.deliveryFeeCents)}` : ""}</span>
        </label>
      </div>
      {fulfilment === "pickup" ? (
        <p className="field__hint fulfilment__pickup-hint" data-testid="pickup-address">
          Collect at {area?.pickupAddress ?? "the shop"}.
        </p>
      ) : (
        <>
          <FormField id={streetId} label="Street address" error={streetError} announceError>
            {(control) => (
              <input {...control} type="text" autoComplete="address-line1" required {...register("street")} />
            )}
          </FormField>
          <FormField
            id={zipId}
            label="ZIP code"
            error={zipError}
            announceError
            describedBy={zipHintId}
            after={
              <p id={zipHintId} className="field__hint">
                {area
                  ? `We deliver to ${area.zipCodes.map((entry) => `${entry.zip} (${entry.city})`).join(", ")}.`
                  : `Delivery takes ${brand.deliveryWindow}.`}
              </p>
            }
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                required
                {...register("zip")}
              />
            )}
          </FormField>
        </>
      )}
    </fieldset>
  );
}
