import { Component, useEffect, type ComponentType, type ReactNode } from "react";
import { Link } from "#web/components/link";
import { ChunkLoadError, retryFailedPages } from "./lazy-page";
import { usePageMeta } from "#web/lib/use-page-meta";
import { LandingTakeOver } from "./landing-take-over";

/** React Router's own wording for an unexpected error (spec section 8). */
export const UNEXPECTED_ERROR_TITLE = "Unexpected Application Error!";

function describe(error: unknown): { title: string; detail: string | null; canReload: boolean } {
  if (error instanceof ChunkLoadError) {
    return {
      title: "This page could not be loaded",
      // Names the chunk, as the spec asks; a reload fetches the current files.
      detail: error.message,
      canReload: true,
    };
  }
  return {
    title: UNEXPECTED_ERROR_TITLE,
    detail: error instanceof Error ? error.message : typeof error === "string" ? error : null,
    canReload: true,
  };
}

/**
 * Shown in place of a page that failed (its code did not load, or it threw while
 * rendering). It sits inside the layout, so the header still works, and offers a way back.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { title, detail, canReload } = describe(error);
  usePageMeta(title, "Something went wrong on this page.");

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className="message-page" aria-labelledby="route-error-title">
      <div className="message-page__card">
        <img
          src="/images/illustrations/spilled-cup.svg"
          alt=""
          width="240"
          height="180"
          className="message-page__art"
        />
        <h1 id="route-error-title">{title}</h1>
        <p className="lead">
          {error instanceof ChunkLoadError
            ? "Part of the shop did not arrive. Check your connection and reload the page."
            : "Sorry, something went wrong while showing this page."}
        </p>
        {detail && (
          <p className="message-page__detail" role="alert">
            {detail}
          </p>
        )}
        <div className="message-page__actions">
          {canReload && (
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              Reload the page
            </button>
          )}
          <Link to="/" className={canReload ? "btn btn--ghost" : "btn btn--primary"}>
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Last resort, when the layout itself failed: a plain page that still offers a way home
 * (a full page load, since the app's own navigation may be what broke).
 */
export function RootErrorPage({ error }: { error: unknown }) {
  const { title, detail } = describe(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="message-page">
      <div className="message-page__card">
        <h1>{title}</h1>
        {detail && <p className="message-page__detail">{detail}</p>}
        <div className="message-page__actions">
          <a href="/" className="btn btn--primary">
            Back to home
          </a>
        </div>
      </div>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children once they threw. */
  fallback: ComponentType<{ error: unknown }>;
  /** The current location's key: any navigation clears the error and tries the children again. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** Catches what a route throws (its code failed to load, or it failed while rendering) and shows `fallback`. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState) {
    if (props.resetKey === state.resetKey) return null;
    // A page whose code did not arrive is fetched again if the shopper goes back to it.
    if (state.failed) retryFailedPages();
    return { failed: false, error: null, resetKey: props.resetKey };
  }

  render() {
    const Fallback = this.props.fallback;
    if (!this.state.failed) return this.props.children;
    // A landing page that failed never reaches its own take-over: the page shown instead hands
    // over, or the landing page's early-tap script would keep holding this page's buttons.
    return (
      <>
        <Fallback error={this.state.error} />
        <LandingTakeOver />
      </>
    );
  }
}
