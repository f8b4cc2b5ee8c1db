import type { Env } from "#worker/env";
import { currentCatalogVersion } from "#worker/services/catalog-version";
import type { LandingPage } from "./page";

/**
 * The menu's and a drink's page, kept at the edge as rendered, under the catalog's version.
 *
 * Rendering a page with its data costs several times an API read (D1 reads, React's render,
 * the HTML rewriting). What it shows changes only when the menu does, so a rendered page is
 * kept in the Cache API under a key of its address, the catalog's version (the one that keys the
 * catalog's API answers, worker/lib/catalog-cache.ts) and the worker's deployment (a new
 * deployment brings new code and assets, which name other files). A changed menu moves the
 * version: the next visit misses, renders the new menu and keeps it. No purge, and an entry is
 * never wrong for its key.
 *
 * What changes within the day (open, paused, sold out) is not in this HTML: the pages poll
 * GET /api/store, uncached, as they did (docs/decisions/0007-fresh-availability-cached-catalog.md).
 * Only a complete page is kept (rendered with its data, 200): a page that went out without its
 * render (a slow or failing catalog) is tried again by the next visit.
 *
 * Two tiers under the same key: the isolate keeps the pages it served last in memory (a busy
 * isolate answers a repeat visit without even the Cache API's round trip), and the Cache API
 * shares them with the data centre's other isolates.
 * See docs/decisions/0005-prerendered-catalog-pages.md.
 */

const PAGE_CACHE_NAME = "squeeze-pages-v1";
/** An entry is never wrong for its key; a day bounds how long unused versions linger. */
const EDGE_MAX_AGE_SECONDS = 24 * 60 * 60;
/** The policy's sources for the page's inline styles and scripts travel with the entry, never to the browser. */
const STYLE_HASHES_HEADER = "squeeze-style-hashes";
const SCRIPT_HASHES_HEADER = "squeeze-script-hashes";

/** The entry's key: the page's own address with the catalog's version and the deployment after it. */
async function pageCacheKey(env: Env, url: URL): Promise<string> {
  const key = new URL(url.pathname + url.search, url.origin);
  key.searchParams.append("squeeze-catalog-version", String(await currentCatalogVersion(env.DB)));
  key.searchParams.append("squeeze-deployment", env.CF_VERSION_METADATA?.id ?? "local");
  return key.href;
}

const splitHashes = (value: string | null) => (value ? value.split(" ") : []);

/** A kept page: its HTML, status and headers as the browser gets them, and its policy's sources. */
interface KeptPage {
  html: string;
  status: number;
  headers: [string, string][];
  styleHashes: string[];
  scriptHashes: string[];
}

/** How many pages an isolate keeps in memory (the menu's categories and the most visited drinks; ~50 kB each). */
const RECENT_PAGES = 32;
const recent = new Map<string, KeptPage>();

function remember(key: string, kept: KeptPage): void {
  recent.delete(key);
  recent.set(key, kept);
  if (recent.size > RECENT_PAGES) recent.delete(recent.keys().next().value!);
}

function recall(key: string): KeptPage | undefined {
  const kept = recent.get(key);
  if (kept) remember(key, kept);
  return kept;
}

/** Empties this isolate's memory, as a fresh isolate's (tests: what the Cache API alone keeps). */
export function forgetRecentPages(): void {
  recent.clear();
}

function served(kept: KeptPage): LandingPage {
  const headers = new Headers(kept.headers);
  headers.set("cache-control", "no-cache");
  return {
    response: new Response(kept.html, { status: kept.status, headers }),
    styleHashes: kept.styleHashes,
    scriptHashes: kept.scriptHashes,
    complete: true,
  };
}

async function fromCache(entry: Response): Promise<KeptPage> {
  const headers = new Headers(entry.headers);
  const styleHashes = splitHashes(headers.get(STYLE_HASHES_HEADER));
  const scriptHashes = splitHashes(headers.get(SCRIPT_HASHES_HEADER));
  headers.delete(STYLE_HASHES_HEADER);
  headers.delete(SCRIPT_HASHES_HEADER);
  return { html: await entry.text(), status: entry.status, headers: [...headers], styleHashes, scriptHashes };
}

function toCache(kept: KeptPage): Response {
  const headers = new Headers(kept.headers);
  headers.set("cache-control", `public, max-age=${EDGE_MAX_AGE_SECONDS}`);
  headers.set(STYLE_HASHES_HEADER, kept.styleHashes.join(" "));
  headers.set(SCRIPT_HASHES_HEADER, kept.scriptHashes.join(" "));
  return new Response(kept.html, { status: kept.status, headers });
}

/**
 * The page at `url` from the edge's cache, or `render`ed (and kept, through `waitUntil`, when
 * complete). A cache or version read that fails costs the visit only the cache: it renders.
 */
export async function cachedLandingPage(
  env: Env,
  url: URL,
  waitUntil: (work: Promise<unknown>) => void,
  render: () => Promise<LandingPage>,
): Promise<LandingPage> {
  let key: string;
  let cache: Cache;
  try {
    key = await pageCacheKey(env, url);
    const inMemory = recall(key);
    if (inMemory) return served(inMemory);
    cache = await caches.open(PAGE_CACHE_NAME);
    const hit = await cache.match(key);
    if (hit) {
      const kept = await fromCache(hit);
      remember(key, kept);
      return served(kept);
    }
  } catch (error) {
    console.error("landing page: cache unavailable", error);
    return render();
  }
  const page = await render();
  if (!page.complete) return page;
  const kept: KeptPage = {
    html: await page.response.text(),
    status: page.response.status,
    headers: [...page.response.headers],
    styleHashes: page.styleHashes,
    scriptHashes: page.scriptHashes,
  };
  remember(key, kept);
  waitUntil(cache.put(key, toCache(kept)).catch((error: unknown) => console.error("landing page: not kept", error)));
  return served(kept);
}
