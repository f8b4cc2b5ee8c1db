import type { MiddlewareHandler } from "hono";
import { cache } from "hono/cache";
import { etag } from "hono/etag";
import type { AppEnv } from "../env";

/**
 * Catalog reads change only when an admin edits the menu, so browsers keep them briefly,
 * edge nodes longer, and both may serve a stale copy while revalidating. The Cache API
 * answers repeat reads at this edge node without touching D1, and the ETag turns a
 * browser's revalidation into a bodiless 304.
 */
export const CATALOG_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

export function catalogCache(): MiddlewareHandler<AppEnv>[] {
  return [
    etag(),
    cache({ cacheName: "squeeze-catalog-v1", cacheControl: CATALOG_CACHE_CONTROL, wait: false }),
  ];
}
