/// <reference lib="webworker" />
/**
 * The service worker's part that exists only under `npm run dev` (sw.ts wires it in behind
 * `import.meta.env.DEV`, so the build leaves it out). Vite serves the app there as one module per
 * source file, not as the build's files the precache lists, so the code a page needs offline is
 * kept here instead: every module the page loads while the worker is in control (network first,
 * so an edit always shows online), and, once the menu has been shown, every module the shopper's
 * pages can import, found by following the imports from the page frame, as the build's precache
 * would hold them.
 */
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { APP_SHELL_PATH, KEEP_MENU_MESSAGE } from "#common/offline";

const DEV_MODULES_CACHE = "squeeze-dev-modules";

/** The staff side's own code (its frame and pages), which a shopper's device never keeps, as in the build. */
const STAFF_CODE = /^\/web\/(app\/staff-routes|features\/staff-)/;

/** Addresses that are not code: the API, pictures (sw.ts keeps the menu's), Vite's own endpoints. */
const NOT_CODE = /^\/(api\/|send-email|images\/|cdn-cgi\/|__)/;

/** Static and dynamic imports in Vite's output, and the frame's scripts, inline imports and icons. */
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(?\s*|\b(?:src|href)=)["']([./][^"'\s]*)["']/g;

/** Modules followed this recently are not followed again at every visit of the menu (the route keeps edits). */
const KEEP_MODULES_EVERY_MS = 60_000;

/** How many modules are fetched at once while following the imports. */
const PARALLEL_FETCHES = 6;

const isDevCode = (url: URL) =>
  url.origin === self.location.origin && !NOT_CODE.test(url.pathname) && !STAFF_CODE.test(url.pathname);

const onlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.type === "basic" ? response : null,
};

/**
 * Follows every import from the page frame (Vite's index.html) and keeps each module it reaches.
 * A module that fails is skipped: the next visit of the menu tries again.
 */
async function keepDevModules(scope: ServiceWorkerGlobalScope): Promise<void> {
  const cache = await caches.open(DEV_MODULES_CACHE);
  const seen = new Set<string>();
  const queue: URL[] = [];
  const enqueue = (text: string, base: string) => {
    for (const [, specifier] of text.matchAll(IMPORTS)) {
      const url = new URL(specifier!, base);
      if (isDevCode(url) && !seen.has(url.href)) {
        seen.add(url.href);
        queue.push(url);
      }
    }
  };
  const frame = await fetch(APP_SHELL_PATH);
  enqueue(await frame.text(), scope.location.origin);
  const next = async (): Promise<void> => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      try {
        const response = await fetch(url);
        if (!(await onlyOk.cacheWillUpdate({ response }))) continue;
        await cache.put(url, response.clone());
        if (/javascript/.test(response.headers.get("content-type") ?? "")) enqueue(await response.text(), url.href);
      } catch {
        // Left for the next visit of the menu.
      }
    }
  };
  // Each runner picks up the modules the others discover while it works.
  let active: Promise<void>[];
  do {
    active = Array.from({ length: PARALLEL_FETCHES }, next);
    await Promise.all(active);
  } while (queue.length > 0);
}

/** Registers the route and the message that keep Vite's modules for a visit without a connection. */
export function keepDevModulesOffline(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ request, url }) => request.method === "GET" && request.mode !== "navigate" && isDevCode(url),
    new NetworkFirst({
      cacheName: DEV_MODULES_CACHE,
      // Vite answers `Vary: Origin`; a module script asks with an Origin, the list above without.
      matchOptions: { ignoreVary: true },
      plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 3000 })],
    }),
  );

  let keeping: Promise<void> | null = null;
  let keptAt = 0;
  scope.addEventListener("message", (event) => {
    if (event.data !== KEEP_MENU_MESSAGE || Date.now() - keptAt < KEEP_MODULES_EVERY_MS) return;
    keeping ??= keepDevModules(scope)
      .then(() => {
        keptAt = Date.now();
      })
      .catch((error: unknown) => console.warn("Could not keep the app's modules for offline use", error))
      .finally(() => {
        keeping = null;
      });
    event.waitUntil(keeping);
  });
}
