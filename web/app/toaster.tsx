import toast, { resolveValue, useToaster, type DefaultToastOptions, type Toast } from "react-hot-toast";
import "./toaster.css";

/** The spec's toast durations (section 9); loading toasts stay until dismissed. */
export const TOAST_OPTIONS = {
  blank: { duration: 4000 },
  error: { duration: 4000 },
  custom: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Infinity },
} satisfies DefaultToastOptions;

/**
 * At most this many toasts are held (react-hot-toast's store keeps the newest 20 and
 * drops older ones; the spec's limit is the same number).
 */
export const MAX_TOASTS = 20;

function ToastIcon({ type }: { type: Toast["type"] }) {
  if (type === "loading") return <span className="spinner spinner--small toast__spinner" aria-hidden="true" />;
  if (type === "success") {
    return (
      <svg className="toast__icon toast__icon--success" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17 9" />
      </svg>
    );
  }
  if (type === "error") {
    return (
      <svg className="toast__icon toast__icon--error" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d="M12 7v6.5M12 17v.1" />
      </svg>
    );
  }
  return null;
}

/**
 * Draws react-hot-toast's toasts with our own CSS. (The library's <Toaster> injects a
 * <style> element, which the CSP forbids; vite.config.ts points the package at its
 * headless build.)
 */
export function Toaster() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  return (
    <div className="toaster" onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {toasts.slice(0, MAX_TOASTS).map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.type}${item.visible ? "" : " toast--leaving"}`}
          {...item.ariaProps}
          role={item.type === "error" ? "alert" : item.ariaProps.role}
        >
          {item.icon ? <span className="toast__custom-icon">{item.icon}</span> : <ToastIcon type={item.type} />}
          <div className="toast__message">{resolveValue(item.message, item)}</div>
          {item.type !== "loading" && (
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => toast.dismiss(item.id)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

export default Toaster;
