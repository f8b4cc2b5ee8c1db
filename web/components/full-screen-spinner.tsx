/** Covers the page while a form is being sent, and tells assistive tech why. */
export function FullScreenSpinner({ label = "Sending…" }: { label?: string }) {
  return (
    <div className="full-screen-spinner" role="status" aria-live="polite">
      <span className="full-screen-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
