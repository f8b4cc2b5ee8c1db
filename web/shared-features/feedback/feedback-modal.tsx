import { lazy, Suspense, useId } from "react";
import { Link } from "#web/components/link";
import { Dialog } from "#web/components/dialog/dialog";
import { FEEDBACK_DEFAULT_LOADING_TEXT, useFeedbackStore } from "./feedback-store";
import "./feedback-modal.css";

// Loaded when a modal offers it (an order just placed), never with the landing pages.
const ReadyNotifications = lazy(() =>
  import("#web/shared-features/ready-notifications/ready-notifications").then((module) => ({
    default: module.ReadyNotifications,
  })),
);

export const FEEDBACK_SUCCESS_TITLE = "Success!";
export const FEEDBACK_ERROR_TITLE = "Something went wrong";

function SuccessMark() {
  return (
    <svg className="feedback__mark feedback__mark--success" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" />
      <path d="M19 33l9 9 18-19" />
    </svg>
  );
}

function ErrorMark() {
  return (
    <svg className="feedback__mark feedback__mark--error" viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" />
      <path d="M32 17v20M32 46v1" />
    </svg>
  );
}

/**
 * The feedback modal (spec section 4): whatever `useFeedbackStore.show(kind, …)` asked for.
 * Loading cannot be dismissed (the work is still running); error offers Dismiss, success
 * Thanks; both also close on Escape or a click on the backdrop.
 */
export function FeedbackModal() {
  const { kind, title, message, followUp, details, note, link, readyNotifications, hide } = useFeedbackStore();
  const titleId = useId();
  const messageId = useId();

  if (kind === null) return null;

  const heading =
    kind === "success" ? (title ?? FEEDBACK_SUCCESS_TITLE) : kind === "error" ? (title ?? FEEDBACK_ERROR_TITLE) : title;
  const text = kind === "loading" ? (message ?? FEEDBACK_DEFAULT_LOADING_TEXT) : message;

  return (
    <Dialog
      open
      onClose={hide}
      labelledBy={heading ? titleId : messageId}
      describedBy={heading && text ? messageId : undefined}
      dismissible={kind !== "loading"}
      contentKey={kind}
      className={`feedback feedback--${kind}`}
    >
      <div className="feedback__body" aria-busy={kind === "loading" || undefined}>
        {kind === "loading" && <span className="spinner" aria-hidden="true" />}
        {kind === "success" && <SuccessMark />}
        {kind === "error" && <ErrorMark />}
        {heading && (
          <h2 id={titleId} className="feedback__title">
            {heading}
          </h2>
        )}
        {text && (
          <p id={messageId} className="feedback__message" role={kind === "loading" ? "status" : undefined}>
            {text}
          </p>
        )}
        {kind !== "loading" && followUp && <p className="feedback__follow-up">{followUp}</p>}
        {kind === "error" && (
          <button type="button" className="btn btn--primary feedback__action" onClick={hide} data-autofocus>
            Dismiss
          </button>
        )}
        {kind !== "loading" && details && details.length > 0 && (
          <dl className="feedback__details">
            {details.map((detail) => (
              <div key={detail.label} className="feedback__detail">
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {kind !== "loading" && note && (
          <p className="feedback__note" role="status">
            {note}
          </p>
        )}
        {kind === "success" && (
          <div className="feedback__actions">
            <button type="button" className="btn btn--green feedback__action" onClick={hide} data-autofocus>
              Thanks
            </button>
            {link && (
              <Link
                to={link.to}
                className="btn btn--ghost feedback__action"
                onPointerDown={link.onIntent}
                onFocus={link.onIntent}
                onClick={() => {
                  link.onIntent?.();
                  link.onFollow?.();
                  hide();
                }}
              >
                {link.label}
              </Link>
            )}
          </div>
        )}
        {/* Under the buttons: it arrives after the modal opens (its code, then the browser's
            answer about notifications), and nothing may move Thanks under a shopper's finger. */}
        {kind === "success" && readyNotifications && (
          <Suspense fallback={null}>
            <ReadyNotifications />
          </Suspense>
        )}
      </div>
    </Dialog>
  );
}
