// Build-time only (vite.config.ts, prerenderShell): the page frame every route shares —
// header, a loading main area and footer — as static HTML for index.html, so a phone paints
// the shop while the JavaScript is still on its way. The app replaces it on its first render.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { PageLoading } from "./app/layout";

export function renderShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/__shell"]}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <PageLoading />
      </main>
      <Footer />
    </MemoryRouter>,
  );
}
