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

/** The same gate outside React (reads the stores directly). */
export function requireSignIn(action: () => void, intent?: PendingIntent): void {
  if (useSessionStore.getState().user.isAuthenticated) {
    action();
    return;
  }
  useAuthModalStore.getState().open(action, intent);
}
