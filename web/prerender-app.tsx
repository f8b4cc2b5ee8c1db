// Server-side only: the app itself rendered to HTML for an address, which the browser then
// hydrates (web/main.tsx) instead of building the page a second time. Used at build time for
// the home page (web/prerender-shell.tsx, through vite.config.ts) and by the worker on each
// visit for the menu and a drink's page, with their data (web/prerender-catalog.tsx).
// See docs/decisions/0005-prerendered-catalog-pages.md.
import type { QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { PrerenderQueryClient } from "./app/query-provider";
import { AppRoutes } from "./app/router";
import { PrerenderShop } from "./lib/chosen-shop";
import { RenderedShop } from "./lib/rendered-shop";
import type { ShopDetails } from "#common/shop-details";

/** A Suspense boundary React left for the browser: code that was still on its way, or a render that failed. */
const UNFINISHED_BOUNDARY = /<!--\$[?!]-->/;
/** React puts preloads for the pictures it saw first; the page's <head> has its own hints. */
const LEADING_PRELOADS = /^(?:<link [^>]*>)+/;

/**
 * The HTML the app's routes render at `url` (path and query), exactly as the browser's first
 * render will produce it, so it can be hydrated. `queryClient` holds the page's data: each
 * render brings its own, so one visit's data never reaches another's page.
 *
 * A page's code is lazy (React.lazy): the first render of an address in this process only
 * starts loading it, so React leaves that boundary unfinished; the second finds it loaded.
 * Undefined when the page still cannot be rendered whole: the caller serves the app's shell.
 */
export async function renderApp(
  url: string,
  queryClient: QueryClient | null = null,
  shop?: string,
  details?: ShopDetails,
): Promise<string | undefined> {
  // `shop`: the shop the shopper named (the shop cookie's), whose data `queryClient` holds under
  // it; `details`: its words, which the page shows (the business's without).
  const app = (
    <PrerenderQueryClient value={queryClient}>
      <PrerenderShop value={shop}>
        <RenderedShop value={details ?? null}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </RenderedShop>
      </PrerenderShop>
    </PrerenderQueryClient>
  );
  for (let attempt = 0; attempt < 2; attempt += 1) {
    // Without a chunk size limit React keeps a large page inline instead of moving it behind a script.
    const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const html = await new Response(prelude).text();
    if (!UNFINISHED_BOUNDARY.test(html)) return html.replace(LEADING_PRELOADS, "");
  }
  return undefined;
}
