import { Link } from "#web/components/link";
import { brand } from "#web/config/brand";
import { usePageMeta } from "#web/lib/use-page-meta";
import "./layout.css";

/**
 * /login is a placeholder outside the layout (spec section 2): signing in happens in the
 * auth modal, opened from the header on any page.
 */
export default function LoginPage() {
  usePageMeta("Sign in", `Sign in to ${brand.name} with Google or Apple from any page.`);
  return (
    <main className="message-page login-page">
      <div className="message-page__card">
        <img src="/logo.svg" alt="" width="88" height="88" />
        <h1>Welcome to {brand.name}</h1>
        <p className="lead">
          There is no password to remember: sign in with Google or Apple from the person icon at the top of any page.
        </p>
        <div className="message-page__actions">
          <Link to="/menu" className="btn btn--primary">
            Browse the menu
          </Link>
          <Link to="/" className="btn btn--ghost">
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
