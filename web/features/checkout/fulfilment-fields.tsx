import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutForm } from "#common/forms/checkout";
import { isOutsideDeliveryArea, outsideDeliveryAreaMessage, type DeliveryArea } from "#common/fulfilment";
import { formatCents } from "#common/money";
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
  const streetErrorId = useId();
  const zipId = useId();
  const zipErrorId = useId();
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
          <div className="field">
            <label className="field__label" htmlFor={streetId}>
              Street address
            </label>
            <input
              id={streetId}
              type="text"
              autoComplete="address-line1"
              required
              aria-invalid={streetError ? true : undefined}
              aria-describedby={streetError ? streetErrorId : undefined}
              {...register("street")}
            />
            {streetError && (
              <p id={streetErrorId} className="field__error" role="alert">
                {streetError}
              </p>
            )}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={zipId}>
              ZIP code
            </label>
            <input
              id={zipId}
              type="text"
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              required
              aria-invalid={zipError ? true : undefined}
              aria-describedby={zipError ? `${zipErrorId} ${zipHintId}` : zipHintId}
              {...register("zip")}
            />
            {zipError && (
              <p id={zipErrorId} className="field__error" role="alert">
                {zipError}
              </p>
            )}
            <p id={zipHintId} className="field__hint">
              {area
                ? `We deliver to ${area.zipCodes.map((entry) => `${entry.zip} (${entry.city})`).join(", ")}.`
                : `Delivery takes ${brand.deliveryWindow}.`}
            </p>
          </div>
        </>
      )}
    </fieldset>
  );
}
