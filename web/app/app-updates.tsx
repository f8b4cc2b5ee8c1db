/**
 * The installable app's service worker, seen from the page (docs/decisions/0023-installable-app-and-push.md): registered once
 * the page is up (the layout loads this file after its first paint), asked to keep the menu for
 * offline once the menu has been shown, and, when a newer version has been installed, a line
 * saying so. The newer version takes over at the shopper's next change of page (a fresh load of
 * that page), never in the middle of one, so a checkout is never reloaded under the shopper's
 * fingers.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { KEEP_MENU_MESSAGE, SKIP_WAITING_MESSAGE, type KeepMenuRequest } from "#common/offline";
import { currentShopId } from "#web/lib/shop-store";
import { registerServiceWorker } from "#web/lib/service-worker";
import "./app-updates.css";

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // A waiting worker while one controls this page is a newer version (the first install has none in control).
    if (registration.waiting && navigator.serviceWorker.controller) {
      waiting = registration.waiting;
      announce();
    }
  };
  check();
  registration.addEventListener("updatefound", () => {
    registration.installing?.addEventListener("statechange", check);
  });
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

function registerOnce(): Promise<ServiceWorkerRegistration | null> {
  registering ??= !("serviceWorker" in navigator)
    ? Promise.resolve(null)
    : registerServiceWorker()
        .then((registration) => {
          watchForUpdates(registration);
          return registration;
        })
        .catch((error: unknown) => {
          console.warn("The offline app could not be installed", error);
          return null;
        });
  return registering;
}

/** The waiting version takes over, then this page loads again as that version. */
function takeOver(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export default function AppUpdates() {
  const { pathname } = useLocation();
  const newer = useSyncExternalStore(subscribe, () => waiting);
  const previousPath = useRef(pathname);

  useEffect(() => {
    void registerOnce();
  }, []);

  useEffect(() => {
    const moved = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (moved && waiting) takeOver(waiting);
  }, [pathname]);

  useEffect(() => {
    if (pathname !== "/menu" || !("serviceWorker" in navigator)) return;
    void registerOnce().then(async (registration) => {
      if (!registration) return;
      const ready = await navigator.serviceWorker.ready;
      // The chosen shop's menu, or the default shop's (the plain message) before one is chosen.
      const locationId = currentShopId();
      const request: KeepMenuRequest | typeof KEEP_MENU_MESSAGE = locationId
        ? { type: KEEP_MENU_MESSAGE, locationId }
        : KEEP_MENU_MESSAGE;
      ready.active?.postMessage(request);
    });
  }, [pathname]);

  if (!newer) return null;
  return (
    <div className="app-update" role="status">
      <p className="container app-update__text">
        A newer version of Squeeze is ready. It opens with your next page.{" "}
        <button type="button" className="app-update__now" onClick={() => takeOver(newer)}>
          Open it now
        </button>
      </p>
    </div>
  );
}
