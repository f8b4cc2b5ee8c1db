import { currentCatalogVersion } from "#worker/services/catalog-version";
import type { Env } from "#worker/env";
import { readBuildId } from "./assets";
import type { LandingPage, RenderedLandingPage } from "./page";
import { pageAddress } from "./page-address";

/**
 * The menu's and a drink's page, once rendered, kept in the edge's cache (the Cache API) under
 * the catalog's version and the build's identity: a visit renders only when the menu or the
 * deployment changed. Nothing in such a page belongs to one visitor or to the moment: the HTML
 * shows a guest with an empty cart (the browser's own state waits for hydration), the shop's
 * state (open, paused, sold out) is not in it but polled by the page from GET /api/store, and
 * the security headers are set on each answer after this. Like the catalog's API answers, an
 * entry is never wrong for its version, so no purge is needed: a menu edit bumps the version,
 * which each isolate re-reads every CATALOG_VERSION_TTL_MS, and the next visit misses.
 * See docs/decisions/0005-prerendered-catalog-pages.md.
 */

/** Says how a landing page was answered: `hit` (from the cache), `miss` (rendered and kept), `bypass` (rendered, not kept). */
export const PAGE_CACHE_HEADER = "x-page-cache";
/** The page's CSP hashes, kept with the stored copy only: they belong to its HTML, not to a visit. */
const INLINE_HASHES_HEADER = "x-page-inline-hashes";
/** An entry is never wrong for its version and build; a day bounds how long unused ones linger. */
const STORED_CACHE_CONTROL = `public, max-age=${24 * 60 * 60}`;
/** What a browser gets: ask again each time (the page is only as old as the version read). */
const SERVED_CACHE_CONTROL = "no-cache";

/**
 * The cache key: the page's address (its path and the query parameters pages render by,
 * page-address.ts; no other parameter makes a new entry) for the shop it shows (one the worker
 * knows, worker/routes/pages.ts) under the build and the catalog's version, on a path no visitor's address can spell, so a request cannot choose the
 * entry another one reads. Undefined when the version cannot be read: the page is rendered
 * as before (and goes out without its data when D1 is down).
 */
async function pageKey(env: Env, url: URL, shopKey: string): Promise<string | undefined> {
  try {
    const [version, build] = await Promise.all([currentCatalogVersion(env.DB), readBuildId(env, url.origin)]);
    const page = pageAddress(url);
    // The shop is in the key (its id and its details' fingerprint, or the default shop): each
    // shop's page shows its own prices, drinks and words.
    return `${url.origin}/.page-cache/${build}/${version}/${encodeURIComponent(shopKey)}?page=${encodeURIComponent(page.pathname + page.search)}`;
  } catch {
    return undefined;
  }
}

/** The headers a browser gets with a page: the stored ones, less what only the cache needs. */
function servedHeaders(stored: Headers, state: "hit" | "miss" | "bypass"): Headers {
  const headers = new Headers(stored);
  headers.delete(INLINE_HASHES_HEADER);
  headers.delete("age");
  headers.set("cache-control", SERVED_CACHE_CONTROL);
  headers.set(PAGE_CACHE_HEADER, state);
  return headers;
}

function served(body: BodyInit | null, status: number, stored: Headers, state: "hit" | "miss" | "bypass"): Response {
  return new Response(body, { status, headers: servedHeaders(stored, state) });
}

const inlineHashes = (stored: Headers): Pick<LandingPage, "styleHashes" | "scriptHashes"> => {
  try {
    const parsed = JSON.parse(stored.get(INLINE_HASHES_HEADER) ?? "") as { styles?: unknown; scripts?: unknown };
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
    return { styleHashes: strings(parsed.styles), scriptHashes: strings(parsed.scripts) };
  } catch {
    return { styleHashes: [], scriptHashes: [] };
  }
};

/**
 * A kept page as an isolate serves it again: its bytes, and its answer's headers and CSP
 * hashes worked out once (a hit then costs little more than a static file).
 */
interface KeptPage {
  body: Uint8Array;
  status: number;
  headers: [string, string][];
  styleHashes: string[];
  scriptHashes: string[];
}

function keptPage(html: string, status: number, stored: Headers): KeptPage {
  return {
    body: new TextEncoder().encode(html),
    status,
    headers: [...servedHeaders(stored, "hit")],
    ...inlineHashes(stored),
  };
}

/**
 * The pages this isolate served last, by the same key: a busy isolate answers most visits from
 * here without the cache's round trip. Bounded (oldest out first); an entry is as right as the
 * edge's, since the key carries the version and the build.
 */
const RECENT_PAGES_LIMIT = 64;
const recentPages = new Map<string, KeptPage>();

function remember(key: string, page: KeptPage): void {
  recentPages.delete(key);
  recentPages.set(key, page);
  if (recentPages.size > RECENT_PAGES_LIMIT) recentPages.delete(recentPages.keys().next().value!);
}

/** Forgets the isolate's pages, as a new isolate starts (tests: the edge's cache alone answers). */
export function forgetRecentPages(): void {
  recentPages.clear();
}

function fromKept({ body, status, headers, styleHashes, scriptHashes }: KeptPage): LandingPage {
  // The Response copies the bytes: the kept ones stay for the next visit.
  return { response: new Response(body, { status, headers }), styleHashes, scriptHashes };
}

/**
 * The page at `url` from the isolate or the edge's cache, else `render()`'s, kept for the next
 * visit when it came out whole (a page that missed its deadline or its data is never kept).
 * `keep` runs the cache write after the answer where the platform allows (waitUntil).
 */
export async function cachedLandingPage(
  env: Env,
  url: URL,
  shopKey: string,
  render: () => Promise<RenderedLandingPage>,
  keep: (write: Promise<unknown>) => Promise<void>,
): Promise<LandingPage> {
  const key = await pageKey(env, url, shopKey);
  if (key) {
    const recent = recentPages.get(key);
    if (recent) return fromKept(recent);
    const hit = await caches.default.match(key);
    if (hit) {
      const kept = keptPage(await hit.text(), hit.status, hit.headers);
      remember(key, kept);
      return fromKept(kept);
    }
  }

  const page = await render();
  const { response, styleHashes, scriptHashes } = page;
  if (!key || !page.cacheable) {
    // A render that missed its deadline is kept once it finishes: the next visit is whole.
    const late = page.late;
    if (key && late) await keep(late.then((whole) => (whole?.cacheable ? store(key, whole) : undefined)));
    return { response: served(response.body, response.status, response.headers, "bypass"), styleHashes, scriptHashes };
  }
  const html = await response.clone().text();
  await keep(store(key, page));
  return { response: served(html, response.status, response.headers, "miss"), styleHashes, scriptHashes };
}

/** Keeps a whole page under `key`, in the isolate and at the edge. */
async function store(key: string, { response, styleHashes, scriptHashes }: LandingPage): Promise<void> {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("cache-control", STORED_CACHE_CONTROL);
  headers.set(INLINE_HASHES_HEADER, JSON.stringify({ styles: styleHashes, scripts: scriptHashes }));
  remember(key, keptPage(html, response.status, headers));
  await caches.default.put(key, new Response(html, { status: response.status, headers })).catch((error: unknown) => {
    console.error("landing page: could not keep the rendered page", error);
  });
}
