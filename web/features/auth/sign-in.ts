import toast from "react-hot-toast";
import { isBoolean, isRecord } from "#web/lib/guards";
import { getMe } from "#web/shared-features/session/api/get-me";
import { adoptShop } from "#web/shared-features/shop-picker/adopt-shop";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { rememberIntent } from "#web/lib/sign-in-gate/pending-intent";
import { isAuthProvider, type AuthProvider } from "#common/auth-providers";
import { signInStartPath } from "#common/sign-in-start";
import { SignInError, signInFailureText, signInSuccessText } from "./sign-in-outcome";
import { useSessionStore } from "#web/lib/session-store";

// The texts are in sign-in-outcome.ts, which every first page needs (a redirect sign-in
// finishes there). This module, the popup flow, loads with the sign-in modal.

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
/** After the popup is seen closed, how long a late message may still arrive before it counts as a failure. */
export const POPUP_CLOSED_GRACE_MS = 8000;
const POPUP_POLL_MS = 500;
const POPUP_WINDOW_NAME = "squeeze-auth";
/** The callback page may also announce the result here, which still works if the opener link was severed. */
export const AUTH_CHANNEL_NAME = "squeeze-auth";

/** The callback page's `{ source: "squeeze-auth", provider, ok }`, or null for any other message. */
function readAuthMessage(data: unknown): { provider: AuthProvider; ok: boolean } | null {
  if (!isRecord(data) || data.source !== "squeeze-auth" || !isAuthProvider(data.provider) || !isBoolean(data.ok))
    return null;
  return { provider: data.provider, ok: data.ok };
}

/** Where the shopper is now, to come back to after a full-page redirect (path only, never another origin). */
function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

function centredPopupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** Leaving the page for the provider; an object so tests can watch it (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The attempt in flight, if any: a new click replaces it (the popup window is reused by name). */
let cancelActiveAttempt: (() => void) | null = null;

/**
 * Signs in with a provider in a 500 × 600 popup that reports back, so this page (and its
 * cart) stay as they are. A blocked popup falls back to a full-page redirect that comes
 * back to the current path. Resolves once the attempt has ended (toasts shown).
 */
export async function signIn(provider: AuthProvider): Promise<void> {
  cancelActiveAttempt?.();
  const popup = window.open(signInStartPath(provider, "popup"), POPUP_WINDOW_NAME, centredPopupFeatures());
  if (!popup) {
    redirectSignIn(provider);
    return;
  }
  popup.focus?.();
  let ok: boolean;
  try {
    ok = await waitForPopupResult(provider, popup);
  } catch (error) {
    if (error instanceof SignInError && error.reason === "cancelled") return;
    failSignIn(provider, error);
    return;
  }
  if (!ok) {
    failSignIn(provider, new SignInError(provider, "provider-refused"));
    return;
  }
  await completeSignIn(provider);
}

/** The fallback when no popup may open: leave the page, come back to it with ?auth=... */
export function redirectSignIn(provider: AuthProvider): void {
  // The popup's closure cannot survive a page load; the described intent can.
  rememberIntent(useAuthModalStore.getState().pendingIntent);
  pageNavigation.assign(signInStartPath(provider, "redirect", currentPath()));
}

/**
 * Waits for the callback page's `{ source: "squeeze-auth", provider, ok }`, posted to this
 * window (same origin only) or on the broadcast channel. A popup closed without a word is
 * given POPUP_CLOSED_GRACE_MS for a late message, then the session is asked directly (the
 * opener link can be lost on the way through the provider); nothing there means failure.
 */
function waitForPopupResult(provider: AuthProvider, popup: Window): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let channel: BroadcastChannel | undefined;
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(pollTimer);
      clearTimeout(graceTimer);
      window.removeEventListener("message", onWindowMessage);
      channel?.close();
      if (cancelActiveAttempt === cancel) cancelActiveAttempt = null;
      outcome();
    };
    const cancel = () => finish(() => reject(new SignInError(provider, "cancelled")));
    cancelActiveAttempt = cancel;

    const accept = (data: unknown) => {
      const message = readAuthMessage(data);
      if (!message || message.provider !== provider) return;
      finish(() => resolve(message.ok));
    };
    function onWindowMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      accept(event.data);
    }
    window.addEventListener("message", onWindowMessage);
    if (typeof BroadcastChannel !== "undefined") {
      channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
      channel.onmessage = (event) => accept(event.data);
    }

    pollTimer = setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      clearInterval(pollTimer);
      graceTimer = setTimeout(() => {
        getMe().then(
          (me) =>
            finish(() => (me.isAuthenticated ? resolve(true) : reject(new SignInError(provider, "popup-closed")))),
          (cause) => finish(() => reject(new SignInError(provider, "popup-closed", { cause }))),
        );
      }, POPUP_CLOSED_GRACE_MS);
    }, POPUP_POLL_MS);
  });
}

/** After the provider said yes: load the session user, greet, and carry on with what was pending. */
export async function completeSignIn(provider: AuthProvider): Promise<boolean> {
  try {
    const { shopId, ...me } = await getMe();
    if (!me.isAuthenticated) throw new SignInError(provider, "no-session");
    useSessionStore.getState().setUser(me);
    // The account's shop, when it has one, is the shop from now on (the server restored its cookie).
    if (shopId)
      void adoptShop(shopId).catch((error: unknown) => console.warn("Could not restore the account's shop", error));
  } catch (error) {
    failSignIn(provider, error);
    return false;
  }
  toast.success(signInSuccessText(provider));
  const modal = useAuthModalStore.getState();
  const pendingAction = modal.takePendingAction();
  modal.close();
  pendingAction?.();
  return true;
}

/** Every identity error ends the same way for the shopper: one generic toast; the detail goes to the console. */
export function failSignIn(provider: AuthProvider, error: unknown): void {
  console.error(error);
  toast.error(signInFailureText(provider));
}
