/**
 * The installable app's service worker (web/service-worker/sw.ts) and the pages that talk to it:
 * what it may keep for a visit without a connection, and the messages between them.
 * docs/decisions/0023-installable-app-and-push.md says why.
 */

/** The service worker's own address (built by vite-plugin-pwa from web/service-worker/sw.ts). */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * The same service worker under `npm run dev`: vite-plugin-pwa's `devOptions` serve
 * web/service-worker/sw.ts at this address as an ES module, transformed by Vite like the pages' code.
 */
export const DEV_SERVICE_WORKER_PATH = "/dev-sw.js?dev-sw";

/**
 * The page frame without a page in it (the build's index.html, as the worker serves it): what a
 * page opened without a connection starts from when the service worker has no copy of that page.
 */
export const APP_SHELL_PATH = "/app-shell";

/**
 * The pages kept for a visit without a connection (fetched from the network first whenever there
 * is one): the home page, the menu, a drink, About. Never the checkout, orders or sign-in, whose
 * pages are only about the person.
 */
export const OFFLINE_PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/menu\/?$/,
  /^\/categories\/[^/]+\/products\/[^/]+\/?$/,
  /^\/about\/?$/,
];

/**
 * The API answers kept the same way: the catalog and the shop's state, which are the same for
 * everyone. Nothing that carries a person (`/api/me`, orders, sign-in, subscriptions, the staff's).
 */
export const OFFLINE_API_PATTERNS: readonly RegExp[] = [
  /^\/api\/categories(\/[^/]+\/products(\/[^/]+)?)?\/?$/,
  /^\/api\/products\/featured\/?$/,
  /^\/api\/store\/?$/,
];

/** Asked of a waiting service worker by the page when the shopper moves to another page. */
export const SKIP_WAITING_MESSAGE = "squeeze:skip-waiting";
/** Sent by the page once the menu has been shown, so the worker keeps every drink for offline. */
export const KEEP_MENU_MESSAGE = "squeeze:keep-menu";

/** The message that asks for the chosen shop's menu (`locationId`), or the default shop's without one. */
export interface KeepMenuRequest {
  type: typeof KEEP_MENU_MESSAGE;
  locationId: string | null;
}
