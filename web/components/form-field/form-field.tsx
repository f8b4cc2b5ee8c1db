import type { ReactNode } from "react";
import type { FieldError } from "react-hook-form";

export interface FormFieldProps {
  /** The control's id; the error's id is derived from it. */
  id: string;
  label: ReactNode;
  /** The label is read by screen readers but not shown (the page says it another way). */
  labelHidden?: boolean;
  /** The form's error for the field, or a message the page worked out itself (a ZIP outside the area). */
  error?: FieldError | string;
  /** The error is announced the moment it appears (`role="alert"`), for a field checked as it is typed. */
  announceError?: boolean;
  /** Shows a required marker (the rule itself lives in the zod schema). */
  required?: boolean;
  /** Said under the label, and read with the control. */
  hint?: ReactNode;
  /** Below the error: a standing note, read with the control only when its id is in `describedBy`. */
  after?: ReactNode;
  /** Further ids that describe the control, read after the hint and the error. */
  describedBy?: string;
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
export function FormField({
  id,
  label,
  labelHidden,
  error,
  announceError,
  required,
  hint,
  after,
  describedBy: furtherDescriptions,
  className,
  children,
}: FormFieldProps) {
  const message = typeof error === "string" ? error : error?.message;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? fieldErrorId(id) : undefined;
  const describedBy = [hintId, errorId, furtherDescriptions].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : "field__label"}>
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
        <p id={errorId} className="field__error" role={announceError ? "alert" : undefined}>
          {message}
        </p>
      )}
      {after}
    </div>
  );
}
