import type { ReactNode } from "react";
import { NeedsConnection } from "#web/components/needs-connection/needs-connection";
import { Link } from "#web/components/link";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useSessionStore, type SessionUser } from "#web/lib/session-store";
import { useHydrated } from "#web/lib/use-hydrated";
import { useAuthGate } from "#web/lib/sign-in-gate/use-auth-gate";
import StampCard from "#web/shared-features/stamp-card/stamp-card";
import "./account.css";

/** My account: who the shopper is signed in as, and their stamp card. */
export default function AccountPage() {
  usePageMeta("My account", "Your Squeeze account: your name, e-mail and phone, and your stamp card.");
  const user = useSessionStore((state) => state.user);
  // Who is signed in is the browser's to know: the server's HTML shows the page loading.
  const hydrated = useHydrated();

  return (
    <div className="account-page">
      <div className="container account-page__inner">
        <h1 className="account-page__title">My account</h1>
        <NeedsConnection>My account needs a connection to show your stamp card.</NeedsConnection>
        {!hydrated ? (
          <div className="card account-details skeleton" aria-busy="true" aria-label="Loading your account" />
        ) : user.isAuthenticated ? (
          <>
            <AccountDetails user={user} />
            <StampCard />
            <p className="account-page__orders">
              <Link to="/orders">See my orders</Link>
            </p>
          </>
        ) : (
          <SignInPrompt />
        )}
      </div>
    </div>
  );
}

/** The shopper's details as the session knows them (GET /api/me); the checkout asks for a missing phone. */
function AccountDetails({ user }: { user: SessionUser }) {
  const rows: Array<[term: string, value: ReactNode]> = [
    ["Name", user.username || "Not given"],
    ["E-mail", user.email ? <EmailAddress email={user.email} /> : "Not given"],
    ["Phone", user.phone || "Not given yet: the checkout asks for it"],
  ];
  return (
    <section className="card account-details" aria-labelledby="account-details-title" data-testid="account-details">
      <h2 id="account-details-title" className="account-details__title">
        Your details
      </h2>
      <dl className="account-details__list">
        {rows.map(([term, value]) => (
          <div key={term} className="account-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An address that may wrap before its "@" on a phone rather than inside its domain. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function SignInPrompt() {
  const requireSignIn = useAuthGate();
  return (
    <div className="account-signin">
      <p>Sign in to see your account and your stamp card.</p>
      <button type="button" className="btn btn--primary" onClick={() => requireSignIn(() => {})}>
        Sign in
      </button>
    </div>
  );
}
