// Build-time only (vite.config.ts, prerenderShell): HTML the build writes once.
//   - renderShell(): the page frame every route shares (header, a loading main area, footer),
//     for index.html (every address), so a phone paints the shop while the JavaScript is
//     still on its way. It is inert until the app's first render replaces it.
//   - renderHome(): the app itself at `/` (web/prerender-app.tsx); the worker puts it into the
//     home page's HTML (worker/services/landing/), and the app hydrates it.
// The worker renders the menu and a drink's page per visit, with their data
// (web/prerender-catalog.tsx).
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { Footer } from "./shared-features/site-frame/footer";
import { PageLoading } from "./app/layout";
import { SiteHeader } from "./app/site-header";
import { renderApp } from "./prerender-app";

/**
 * The page frame around `main`, as HTML that is hidden from assistive technology and inert
 * until the app takes over a moment later (its first render replaces the whole wrapper).
 */
function frame(path: string, main: ReactNode): string {
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

export async function renderHome(): Promise<string> {
  const home = await renderApp("/");
  if (!home) throw new Error("prerender-shell: the home page did not render whole");
  return home;
}
