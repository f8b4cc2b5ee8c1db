import { useState } from "react";
import { brand } from "#web/config/brand";
import { Dialog } from "#web/components/dialog/dialog";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { PROVIDER_LABELS, type AuthProvider } from "#common/auth-providers";
import { signIn } from "./sign-in";
import "./auth.css";

const TITLE_ID = "auth-modal-title";
const DESCRIPTION_ID = "auth-modal-description";

/**
 * The sign-in modal (Welcome, the logo, Google and Apple). The layout mounts it, and calls
 * useAuthBootstrap itself (session sync and redirect return happen before the modal is needed).
 */
export function AuthModal() {
  const isOpen = useAuthModalStore((state) => state.isOpen);
  const close = useAuthModalStore((state) => state.close);
  const [waitingFor, setWaitingFor] = useState<AuthProvider | null>(null);

  function start(provider: AuthProvider) {
    setWaitingFor(provider);
    void signIn(provider).finally(() => setWaitingFor((current) => (current === provider ? null : current)));
  }

  function dismiss() {
    setWaitingFor(null);
    close();
  }

  return (
    <Dialog open={isOpen} onClose={dismiss} labelledBy={TITLE_ID} describedBy={DESCRIPTION_ID} className="auth-modal">
      <button type="button" className="icon-button auth-modal__close" aria-label="Close" onClick={dismiss}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <img className="auth-modal__logo" src="/logo.svg" alt={brand.name} width={72} height={72} />
      <h2 id={TITLE_ID} className="auth-modal__title">
        Welcome
      </h2>
      <p id={DESCRIPTION_ID} className="auth-modal__lead">
        Sign in with one tap to order. No password to remember.
      </p>
      <div className="auth-modal__buttons">
        <button
          type="button"
          className="auth-provider auth-provider--google"
          data-autofocus
          onClick={() => start("google")}
        >
          <GoogleMark />
          Sign in with Google
        </button>
        <button type="button" className="auth-provider auth-provider--apple" onClick={() => start("apple")}>
          <AppleMark />
          Sign in with Apple
        </button>
      </div>
      <p className="auth-modal__status" role="status">
        {waitingFor ? `Finish signing in with ${PROVIDER_LABELS[waitingFor]} in the pop-up window.` : ""}
      </p>
    </Dialog>
  );
}

function GoogleMark() {
  return (
    <svg className="auth-provider__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6a5.1 5.1 0 0 1-2.2 3.3v2.8h3.6c2.1-2 3.2-4.9 3.2-8.2z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2.1s.1-1.4.4-2.1V6.9H2A11 11 0 0 0 2 17z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 6.9l3.7 2.9c.9-2.6 3.4-4.4 6.3-4.4z" />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg className="auth-provider__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-4.2zM13.9 5c.7-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.5 2.8-1.3z"
      />
    </svg>
  );
}
