import type { MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import { etag } from "hono/etag";
import { CATALOG_BROWSER_MAX_AGE_SECONDS } from "#common/catalog-paths";
import type { AppEnv } from "#worker/env";
import { requestedShopId } from "./shop/request-shop";
import { CATALOG_VERSION_TTL_MS, currentCatalogVersion } from "./catalog-version";

/**
 * The catalog (categories, drinks, prices, franchise settings, each shop's own prices and what it
 * does not sell) changes when the menu is
 * edited, not during a shopper's visit, so it stays cached at the edge: the Cache API
 * answers repeat reads at an edge node without touching D1, under a key that carries the
 * menu's version from D1. Any change to the menu's tables bumps that version, so the next
 * read after an isolate re-reads it (CATALOG_VERSION_TTL_MS) misses and renders the new
 * menu: no manual purge, and no old entry is ever served under a new version.
 *
 * Browsers keep a copy for CATALOG_BROWSER_MAX_AGE_SECONDS without asking; the ETag turns their
 * revalidation into a bodiless 304. Version TTL + browser max-age stay under the 60 seconds
 * a re-applied seed/menu.sql may take to reach a shopper. What changes within the day
 * (open, paused, sold out, slot fill) is not part of these answers: GET /api/store serves it
 * uncached. See docs/decisions/0007-fresh-availability-cached-catalog.md.
 */
/** An entry is never wrong for its version; a day bounds how long unused versions linger. */
const EDGE_MAX_AGE_SECONDS = 24 * 60 * 60;

export const CATALOG_CACHE_CONTROL = `public, max-age=${CATALOG_BROWSER_MAX_AGE_SECONDS}, s-maxage=${EDGE_MAX_AGE_SECONDS}`;
/** The longest a shopper's fresh request can see a menu older than the one in D1. */
export const CATALOG_STALENESS_BOUND_SECONDS = CATALOG_VERSION_TTL_MS / 1000 + CATALOG_BROWSER_MAX_AGE_SECONDS;

export function catalogCache(): MiddlewareHandler<AppEnv>[] {
  return [
    etag(),
    cache({
      cacheName: "squeeze-catalog-v2",
      cacheControl: CATALOG_CACHE_CONTROL,
      wait: false,
      // Each shop has its own menu (its prices, what it sells): the shop the request is for is
      // part of the key, so one shop's cached answer never answers a request for another.
      keyGenerator: async (c) =>
        `${c.req.url}#shop=${encodeURIComponent(requestedShopId(c))}#catalog-version=${await currentCatalogVersion(c.env.DB)}`,
    }),
  ];
}
