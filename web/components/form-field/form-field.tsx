import type { ReactNode } from "react";
import type { FieldError } from "react-hook-form";
import "./form-field.css";

export interface FormFieldProps {
  /** The control's id; the error's id is derived from it. */
  id: string;
  label: ReactNode;
  error?: FieldError;
  /** Shows a required marker (the rule itself lives in the zod schema). */
  required?: boolean;
  hint?: string;
  className?: string;
  /** Gets the attributes that tie the control to its label text and error message. */
  children: (control: ControlAttributes) => ReactNode;
}

export interface ControlAttributes {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A label, a control and the message beneath it when the control is in error. The control
 * says it is invalid and points at the message, so a screen reader reads both together.
 */
export function FormField({ id, label, error, required, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? fieldErrorId(id) : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": true } : {}),
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="field__error">
          {error?.message}
        </p>
      )}
    </div>
  );
}
