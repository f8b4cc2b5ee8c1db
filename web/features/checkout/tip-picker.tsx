import { useId } from "react";
import { formatCents } from "#common/money";
import { FormField } from "#web/components/form-field/form-field";
import { percentOfCents, TIP_PERCENTS, type TipChoice, type TipRequest } from "#common/tips";

export type { TipChoice };

export const NO_TIP: TipChoice = { kind: "none" };

/** The request's `tip` for a choice, or the problem with a custom amount (at most the subtotal). */
export function tipRequestOf(
  choice: TipChoice,
  subtotalCents: number,
): { tip?: TipRequest; cents: number; error?: string } {
  if (choice.kind === "none") return { cents: 0 };
  if (choice.kind === "percent")
    return { tip: { percent: choice.percent }, cents: percentOfCents(subtotalCents, choice.percent) };
  const text = choice.dollars.trim().replace(/^\$/, "");
  if (text === "") return { cents: 0 };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { cents: 0, error: "Enter the tip in dollars and cents, like 2.50" };
  const cents = Math.round(Number(text) * 100);
  if (cents > subtotalCents)
    return { cents: 0, error: `A tip can be at most the drinks' subtotal, ${formatCents(subtotalCents)}` };
  return { tip: { cents }, cents };
}

interface TipPickerProps {
  subtotalCents: number;
  value: TipChoice;
  onChange(choice: TipChoice): void;
  error?: string;
  /** With pay on pickup the tip is paid at the counter with the drinks, and the picker says so. */
  payOnPickup: boolean;
  /** A discount comes off the drinks: the suggested tips stay on the subtotal before it, and say so. */
  discounted?: boolean;
  disabled: boolean;
}

/** No tip, 10%, 15% or 20% of the drinks' subtotal (each in dollars), or an amount of the shopper's own. */
export function TipPicker({
  subtotalCents,
  value,
  onChange,
  error,
  payOnPickup,
  discounted,
  disabled,
}: TipPickerProps) {
  const name = useId();
  const customId = useId();
  return (
    <fieldset className="tip-picker" disabled={disabled}>
      <legend className="field__label">Tip</legend>
      <div className="tip-picker__options">
        <label className="tip-picker__option">
          <input type="radio" name={name} checked={value.kind === "none"} onChange={() => onChange(NO_TIP)} />
          No tip
        </label>
        {TIP_PERCENTS.map((percent) => (
          <label key={percent} className="tip-picker__option">
            <input
              type="radio"
              name={name}
              checked={value.kind === "percent" && value.percent === percent}
              onChange={() => onChange({ kind: "percent", percent })}
            />
            {percent}%{" "}
            <span className="tip-picker__amount">({formatCents(percentOfCents(subtotalCents, percent))})</span>
          </label>
        ))}
        <label className="tip-picker__option">
          <input
            type="radio"
            name={name}
            checked={value.kind === "custom"}
            onChange={() => onChange({ kind: "custom", dollars: "" })}
          />
          Custom
        </label>
      </div>
      {value.kind === "custom" && (
        <FormField id={customId} label="Tip amount ($)" error={error} announceError className="tip-picker__custom">
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={value.dollars}
              onChange={(event) => onChange({ kind: "custom", dollars: event.target.value })}
            />
          )}
        </FormField>
      )}
      {discounted && <p className="field__hint">Suggested tips are on the drinks before the discount.</p>}
      {payOnPickup && value.kind !== "none" && (
        <p className="field__hint">The tip is part of what you pay at the counter.</p>
      )}
    </fieldset>
  );
}
