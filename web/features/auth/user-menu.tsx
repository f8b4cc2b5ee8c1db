import { useEffect, useId, useRef, useState } from "react";
import { Link } from "#web/components/link";
import { useLogout } from "./use-logout";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { useSessionStore } from "#web/lib/session-store";
import { useHydrated } from "#web/lib/use-hydrated";
import "./auth.css";

/**
 * The header's user icon. A guest gets the sign-in modal; a signed-in shopper a dropdown
 * with their name, My orders, My account (and the Order board for the shop's staff) and Logout, which
 * closes on a click outside or Escape.
 */
export function UserMenu() {
  const user = useSessionStore((state) => state.user);
  const openAuthModal = useAuthModalStore((state) => state.open);
  // The server's HTML is a guest's: the signed-in menu shows once the page is hydrated.
  const hydrated = useHydrated();

  if (!hydrated || !user.isAuthenticated) {
    return (
      <button
        type="button"
        className="icon-button user-menu__button"
        aria-label="Sign in"
        onClick={() => openAuthModal()}
      >
        <UserIcon />
      </button>
    );
  }
  return <SignedInMenu name={user.username || user.email || "Your account"} isStaff={user.staff !== null} />;
}

function SignedInMenu({ name, isStaff }: { name: string; isStaff: boolean }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { logOut, isPending: loggingOut } = useLogout();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button user-menu__button user-menu__button--signed-in"
        aria-label={`Account menu for ${name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        <span className="user-menu__dot" aria-hidden="true" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__greeting">
          <span className="user-menu__hello">Signed in as</span>
          <span className="user-menu__name">{name}</span>
        </p>
        <Link className="user-menu__item" to="/orders" onClick={() => setOpen(false)}>
          My orders
        </Link>
        <Link className="user-menu__item" to="/account" onClick={() => setOpen(false)}>
          My account
        </Link>
        {isStaff && (
          <Link className="user-menu__item" to="/staff" onClick={() => setOpen(false)}>
            Order board
          </Link>
        )}
        <button
          type="button"
          className="user-menu__item user-menu__item--logout"
          disabled={loggingOut}
          onClick={() => void logOut().finally(() => setOpen(false))}
        >
          Logout
        </button>
      </div>
    </div>
  );
}

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c1.2-3.7 4.3-5.5 8-5.5s6.8 1.8 8 5.5" />
    </svg>
  );
}
