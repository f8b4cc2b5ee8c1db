import { useLocation } from "react-router";
import { Link } from "#web/components/link";
import { usePageMeta } from "#web/lib/use-page-meta";

/** Any path the shop does not have. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta("Page not found", "This page does not exist. Browse the Squeeze menu or go back home.");
  return (
    <section className="message-page" aria-labelledby="not-found-title">
      <div className="message-page__card">
        <img
          src="/images/illustrations/empty-glass.svg"
          alt=""
          width="240"
          height="180"
          className="message-page__art"
        />
        <p className="message-page__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">Page not found</h1>
        <p className="lead">
          We looked everywhere, but <code className="message-page__path">{pathname}</code> has been squeezed dry.
        </p>
        <div className="message-page__actions">
          <Link to="/" className="btn btn--primary">
            Back to home
          </Link>
          <Link to="/menu" className="btn btn--ghost">
            See the menu
          </Link>
        </div>
      </div>
    </section>
  );
}
