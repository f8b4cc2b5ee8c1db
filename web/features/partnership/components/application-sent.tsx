import { useEffect, useRef } from "react";

/**
 * In place of the form once an application is sent: what happens next, and a way to send
 * another. The focus moves to its heading so a screen reader says so too.
 */
export function ApplicationSent({
  firstName,
  email,
  onAnother,
}: {
  firstName: string;
  email: string;
  onAnother(): void;
}) {
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
