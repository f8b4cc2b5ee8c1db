import type { MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import type { AppEnv } from "#worker/env";

/**
 * GET /api/locations says whether each shop is open now, which changes at its opening and closing
 * times, so its answer is kept for one minute at most: at the edge under a key that carries the
 * minute (a new minute never meets the last one's answer), and in the browser for 30 seconds. A
 * shop seen "closed" for a minute after it opened costs nothing: GET /api/store, never cached,
 * decides whether an order is taken, and the picker's list is read once per visit. Every visitor
 * asks the same few addresses (no ZIP, or one of a few thousand ZIP codes); a position (`?near=`)
 * is nearly unique, so it is computed each time rather than filling the cache.
 */
const BROWSER_MAX_AGE_SECONDS = 30;
const EDGE_MAX_AGE_SECONDS = 60;

export const DIRECTORY_CACHE_CONTROL = `public, max-age=${BROWSER_MAX_AGE_SECONDS}, s-maxage=${EDGE_MAX_AGE_SECONDS}`;

export function directoryCache(): MiddlewareHandler<AppEnv> {
  const cached = cache({
    cacheName: "squeeze-locations-v1",
    cacheControl: DIRECTORY_CACHE_CONTROL,
    wait: false,
    onCacheNotAvailable: false,
    keyGenerator: (c) => `${c.req.url}#minute=${Math.floor(Date.now() / (EDGE_MAX_AGE_SECONDS * 1000))}`,
  });
  return async (c, next) => {
    if (c.req.query("near") !== undefined) {
      await next();
      if (c.res.ok) c.res.headers.set("Cache-Control", `public, max-age=${BROWSER_MAX_AGE_SECONDS}`);
      return;
    }
    return cached(c, next);
  };
}
