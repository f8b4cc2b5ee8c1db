import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { notify } from "#web/lib/notify";
import { getMe } from "#web/shared-features/session/api/get-me";
import { runIntent, takeRememberedIntent } from "#web/lib/sign-in-gate/pending-intent";
import { useSessionStore } from "#web/lib/session-store";
import { currentShopId } from "#web/lib/shop-store";
import { isAuthProvider } from "#common/auth-providers";
import { signInFailureText, signInSuccessText, SignInError } from "./sign-in-outcome";

/**
 * Once per page load: brings the persisted user in line with the server (the cookie is the
 * truth: a guest there is a guest here), and finishes a full-page redirect sign-in that
 * came back with `?auth=success|failed&provider=...` (toast, pending intent, then the
 * parameters are stripped so a reload does not repeat them).
 */
export function useAuthBootstrap(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Refs survive StrictMode's double effect, so the toasts are not doubled.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const params = new URLSearchParams(location.search);
    const outcome = params.get("auth");
    const provider = params.get("provider");
    const redirect =
      (outcome === "success" || outcome === "failed") && isAuthProvider(provider) ? { outcome, provider } : null;

    if (params.has("auth")) {
      params.delete("auth");
      params.delete("provider");
      const search = params.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
        { replace: true },
      );
    }

    void (async () => {
      let me;
      try {
        me = await getMe();
      } catch (error) {
        useSessionStore.getState().markChecked();
        // Offline or the API is down: keep what this browser remembers rather than signing the shopper out.
        if (redirect) {
          console.error(error);
          notify("error", signInFailureText(redirect.provider));
        } else {
          console.warn("Could not check the session", error);
        }
        return;
      }
      const { shopId, ...user } = me;
      if (user.isAuthenticated) useSessionStore.getState().setUser(user);
      else useSessionStore.getState().clearUser();
      useSessionStore.getState().markChecked();
      // The account's shop comes back with the session; its code loads only when it differs from this browser's.
      if (shopId && shopId !== currentShopId()) {
        void import("#web/shared-features/shop-picker/adopt-shop")
          .then(({ adoptShop }) => adoptShop(shopId))
          .catch((error: unknown) => console.warn("Could not restore the account's shop", error));
      }

      if (!redirect) return;
      if (redirect.outcome === "success" && me.isAuthenticated) {
        notify("success", signInSuccessText(redirect.provider));
        const intent = takeRememberedIntent();
        if (intent) runIntent(intent, navigate);
      } else {
        takeRememberedIntent();
        console.error(
          new SignInError(redirect.provider, redirect.outcome === "success" ? "no-session" : "provider-refused"),
        );
        notify("error", signInFailureText(redirect.provider));
      }
    })();
    // Deliberately once per page load: later navigations are the app's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
