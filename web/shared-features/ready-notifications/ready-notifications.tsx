import { useReadyNotifications } from "./use-ready-notifications";
import "./ready-notifications.css";

/**
 * "Tell me when it's ready": one tap asks for permission and subscribes this device to the
 * shopper's order notifications (ready, on its way, cancelled); the order page turns them off
 * again. On an iPhone outside the home-screen app it says how to add it there instead; where
 * notifications are blocked, or the browser will not subscribe at all, it says so in plain words.
 * Once the order is ready (`offer` false) nothing is offered: only notifications already on show.
 */
export function ReadyNotifications({
  allowTurningOff = false,
  offer = true,
}: {
  allowTurningOff?: boolean;
  offer?: boolean;
}) {
  const { state, turnOn, turnOff } = useReadyNotifications();
  if (state.kind === "checking") return null;
  if (!offer && state.kind !== "on") return null;
  return (
    <div className="ready-notifications" aria-live="polite">
      {state.kind === "add-to-home-screen" ? (
        <p>
          To get a notification on your iPhone when your drinks are ready, add Squeeze to your Home Screen: tap{" "}
          <strong>Share</strong>, then <strong>Add to Home Screen</strong>, and open Squeeze from there.
        </p>
      ) : state.kind === "unsupported" ? (
        <p className="muted">
          This browser cannot show notifications: this page and your e-mail tell you when it is ready.
        </p>
      ) : state.kind === "blocked" ? (
        <p className="muted" role="status">
          Notifications are blocked for this site. To be told when it is ready, allow them in your browser&rsquo;s
          settings for this site.
        </p>
      ) : state.kind === "cannot-subscribe" ? (
        <p className="muted" role="status">
          This browser would not turn notifications on here (a private window, for one, does not allow them). This page
          and your e-mail tell you when it is ready.
        </p>
      ) : state.kind === "on" ? (
        <>
          <p>This device gets a notification when your order is ready.</p>
          {allowTurningOff && (
            <button type="button" className="btn btn--ghost" onClick={() => void turnOff()}>
              Turn off notifications
            </button>
          )}
          {state.error && <p role="alert">{state.error}</p>}
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn btn--primary"
            disabled={state.kind === "working"}
            onClick={() => void turnOn()}
          >
            Tell me when it&rsquo;s ready
          </button>
          {state.kind === "off" && state.error && <p role="alert">{state.error}</p>}
        </>
      )}
    </div>
  );
}
