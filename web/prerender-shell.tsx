// Build-time only (vite.config.ts, prerenderShell): static HTML of the page frame every route
// shares (header, a main area, footer), so a phone paints the shop while the JavaScript is
// still on its way. The app replaces it on its first render.
//   - renderShell(): the frame with the loading main area, for index.html (every address).
//   - renderHome(): the frame with the home page in it; the worker puts it into the home
//     page's HTML (worker/services/landing/), so its first screen is there at the first paint.
// The worker renders the menu and a drink's page into the same frame per visit, with their
// data (web/prerender-catalog.tsx).
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import HomePage from "./features/home/home-page";
import { Footer } from "./components/layout/footer";
import { PageLoading } from "./app/layout";
import { SiteHeader } from "./app/site-header";

/**
 * The page frame around `main`, as HTML that is hidden from assistive technology and inert
 * until the app takes over a moment later (its first render replaces the whole wrapper).
 */
export function frame(path: string, main: ReactNode): string {
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {main}
      </main>
      <Footer />
    </MemoryRouter>,
  );
  return `<div class="prerendered-shell" aria-hidden="true" inert>${markup}</div>`;
}

export function renderShell(): string {
  return frame("/__shell", <PageLoading />);
}

export function renderHome(): string {
  return frame("/", <HomePage />);
}
