import { DEV_SERVICE_WORKER_PATH, SERVICE_WORKER_PATH } from "#common/offline";

/**
 * Registers the shop's service worker for the whole site: the build's `/sw.js`, or, under
 * `npm run dev`, the same source served by Vite as a module (a module service worker must say so).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  // MODE, not DEV: the unit tests (MODE "test") check the build's registration.
  return import.meta.env.MODE === "development"
    ? navigator.serviceWorker.register(DEV_SERVICE_WORKER_PATH, { scope: "/", type: "module" })
    : navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" });
}
