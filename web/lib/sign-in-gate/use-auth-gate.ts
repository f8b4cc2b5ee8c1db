import { useCallback } from "react";
import { useAuthModalStore } from "./auth-modal-store";
import type { PendingIntent } from "./pending-intent";
import { useSessionStore } from "#web/lib/session-store";

/**
 * Gating for what only a signed-in shopper may do (open the cart, add to it, order):
 * `requireSignIn(action)` runs the action at once when signed in, otherwise opens the
 * auth modal and runs the action after a successful sign-in. `intent`, when given, describes
 * the same action so it still happens if sign-in has to fall back to a full-page redirect.
 */
export function useAuthGate() {
  return useCallback(requireSignIn, []);
}

/**
 * How long a tap made before the session check waits for it. The check is one small request;
 * past this, the shopper is asked to sign in rather than left without an answer.
 */
export const SESSION_CHECK_WAIT_MS = 3_000;

/** The same gate outside React (reads the stores directly). */
export function requireSignIn(action: () => void, intent?: PendingIntent): void {
  const session = useSessionStore.getState();
  if (session.user.isAuthenticated) {
    action();
    return;
  }
  if (session.checked) {
    useAuthModalStore.getState().open(action, intent);
    return;
  }
  // A browser that has not seen this shopper sign in (a first visit after signing in elsewhere)
  // takes them for a guest until GET /api/me answers: a tap in that moment (an early tap played
  // by the landing page, say) waits for the answer instead of asking a signed-in shopper to sign in.
  void sessionChecked(SESSION_CHECK_WAIT_MS).then(() => {
    if (useSessionStore.getState().user.isAuthenticated) action();
    else useAuthModalStore.getState().open(action, intent);
  });
}

/** Resolves once this page load's session check is done, or after `timeoutMs`. */
function sessionChecked(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (state.checked) done();
    });
  });
}
