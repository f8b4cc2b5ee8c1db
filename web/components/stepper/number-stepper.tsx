export interface NumberStepperProps {
  value: number;
  onChange(value: number): void;
  /** What is being counted, for the buttons' names: "Decrease quantity of Berry Blast (Small)". */
  label: string;
  min: number;
  max?: number;
  disabled?: boolean;
}

/**
 * Minus, the number, plus. The buttons never step outside `min`..`max`; the number is read
 * out when it changes. Used for a cart line's quantity and for how many to add on a drink's page.
 */
export function NumberStepper({
  value,
  onChange,
  label,
  min,
  max = Number.POSITIVE_INFINITY,
  disabled = false,
}: NumberStepperProps) {
  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(value - 1, min))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 12h12" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
      </button>
      <output className="quantity-stepper__count" aria-label={`Quantity of ${label}`} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="quantity-stepper__step"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(value + 1, max))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 12h12M12 6v12" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
