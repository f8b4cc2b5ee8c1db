/// <reference lib="webworker" />
/**
 * The shop's service worker (Workbox, built by vite-plugin-pwa; docs/decisions/0023-installable-app-and-push.md): keeps the
 * shopper's code for a visit without a connection, fetches pages and the catalog from the network
 * first (a copy only when there is no network), never keeps anything personal, and shows the
 * order's notifications (common/push.ts).
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { catalogPaths } from "#common/catalog-paths";
import { productPagePath } from "#common/landing";
import { withLocation } from "#common/shop-paths";
import {
  APP_SHELL_PATH,
  KEEP_MENU_MESSAGE,
  type KeepMenuRequest,
  OFFLINE_API_PATTERNS,
  OFFLINE_PAGE_PATTERNS,
  SKIP_WAITING_MESSAGE,
} from "#common/offline";
import type { PushPayload } from "#common/push";
import { keepDevModulesOffline } from "./dev-modules";
import { handleNotificationClick, showOrderNotification } from "./notifications";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const PAGES_CACHE = "squeeze-pages";
const API_CACHE = "squeeze-catalog";
const IMAGES_CACHE = "squeeze-images";

// The shopper's code and styles (the staff's chunks are left out by vite.config.ts), and the frame.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install looks after the page that installed it at once (a newer version waits, 0023).
clientsClaim();

// Under `npm run dev` the precache is only the frame: Vite's modules are kept by dev-modules.ts.
if (import.meta.env.DEV) keepDevModulesOffline(self);

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const matches = (patterns: readonly RegExp[], url: URL) => patterns.some((pattern) => pattern.test(url.pathname));

/**
 * Only a plain 200 of this origin is kept, and never one the server marks as one person's
 * (`Cache-Control: private`): the lists in common/offline.ts already leave out everything personal.
 */
const onlyPlainAnswers = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 &&
    response.type === "basic" &&
    !/\bprivate\b/i.test(response.headers.get("cache-control") ?? "")
      ? response
      : null,
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [onlyPlainAnswers, new ExpirationPlugin({ maxEntries: 80 })],
});
const network = new NetworkOnly();

/**
 * A page: from the network first; without one, this page's copy, else the frame (the app then
 * draws the page from the code and data it keeps, or says the page needs a connection).
 */
registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url),
  async (options) => {
    const url = options.url;
    try {
      return matches(OFFLINE_PAGE_PATTERNS, url) ? await pages.handle(options) : await network.handle(options);
    } catch (error) {
      const frame = await caches.match(APP_SHELL_PATH, { ignoreSearch: true });
      if (frame) return frame;
      throw error;
    }
  },
);

registerRoute(
  ({ request, url }) => request.method === "GET" && sameOrigin(url) && matches(OFFLINE_API_PATTERNS, url),
  new NetworkFirst({ cacheName: API_CACHE, plugins: [onlyPlainAnswers, new ExpirationPlugin({ maxEntries: 200 })] }),
);

registerRoute(
  ({ request, url }) => request.method === "GET" && sameOrigin(url) && url.pathname.startsWith("/images/"),
  new StaleWhileRevalidate({
    cacheName: IMAGES_CACHE,
    plugins: [onlyPlainAnswers, new ExpirationPlugin({ maxEntries: 200 })],
  }),
);

interface CatalogCategory {
  id: string;
}
interface CatalogDrink {
  id: string;
  categoryId?: string;
  image?: string;
}

/**
 * Once the menu has been shown: every drink's data, picture and page, the home page and About,
 * kept so they open without a connection. What fails is left for the next time.
 */
async function keepMenu(locationId: string | null): Promise<void> {
  const api = await caches.open(API_CACHE);
  const images = await caches.open(IMAGES_CACHE);
  const pageCache = await caches.open(PAGES_CACHE);
  // The API's answers are the chosen shop's, under the very addresses the app asks for them.
  const keep = async (cache: Cache, address: string) => {
    const path = cache === api ? withLocation(address, locationId) : address;
    const response = await fetch(path, { credentials: "omit" });
    const kept = await onlyPlainAnswers.cacheWillUpdate({ response: response.clone() });
    if (kept) await cache.put(path, kept);
    return response;
  };
  const settle = (work: Promise<unknown>[]) => Promise.allSettled(work);
  await settle(["/", "/about", "/menu"].map((path) => keep(pageCache, path)));
  await settle([keep(api, catalogPaths.featuredProducts()), keep(api, "/api/store")]);
  const categories = (await (await keep(api, catalogPaths.categories())).json()) as CatalogCategory[];
  for (const category of categories) {
    const drinks = (await (await keep(api, catalogPaths.categoryProducts(category.id))).json()) as CatalogDrink[];
    await settle(
      drinks.flatMap((drink) => [
        keep(api, catalogPaths.product(category.id, drink.id)),
        keep(pageCache, productPagePath({ categoryId: category.id, id: drink.id })),
        ...(drink.image?.startsWith("/images/") ? [keep(images, drink.image)] : []),
      ]),
    );
  }
}

let keepingMenu: Promise<void> | null = null;
/** Whose menu was kept last: another shop's is kept at once. */
let menuKeptFor: string | null = null;
/** A menu kept this recently is not fetched again at every visit of the menu (pages refresh their own copies). */
const KEEP_MENU_EVERY_MS = 10 * 60_000;
let menuKeptAt = 0;

/** The page's "keep the menu" message (the plain one from an older page is the default shop's), or null. */
function keepMenuRequest(data: unknown): { locationId: string | null } | null {
  if (data === KEEP_MENU_MESSAGE) return { locationId: null };
  if (typeof data !== "object" || data === null) return null;
  const { type, locationId } = data as Partial<KeepMenuRequest>;
  if (type !== KEEP_MENU_MESSAGE) return null;
  return { locationId: typeof locationId === "string" && locationId.length <= 100 ? locationId : null };
}

self.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  const request = keepMenuRequest(event.data);
  if (request && (request.locationId !== menuKeptFor || Date.now() - menuKeptAt > KEEP_MENU_EVERY_MS)) {
    keepingMenu ??= keepMenu(request.locationId)
      .then(() => {
        menuKeptAt = Date.now();
        menuKeptFor = request.locationId;
      })
      .catch((error: unknown) => console.warn("Could not keep the menu for offline use", error))
      .finally(() => {
        keepingMenu = null;
      });
    event.waitUntil(keepingMenu);
  }
});

self.addEventListener("push", (event) => {
  // Every push shows a notification (the subscription promised it): one that cannot be read
  // says only that there is news, and opens My orders.
  let payload: PushPayload | null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = null;
  }
  event.waitUntil(showOrderNotification(self.registration, payload?.title ? payload : null));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(handleNotificationClick(self, event.notification));
});
