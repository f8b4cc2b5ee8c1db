import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import { Footer } from "#web/shared-features/site-frame/footer";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { useAuthBootstrap } from "#web/features/auth/use-auth-bootstrap";
import { useCartStore } from "#web/lib/cart-store";
import { useShopPicker } from "#web/shared-features/shop-picker/shop-picker-store";
import { notify } from "#web/lib/notify";
import { LandingTakeOver } from "./landing-take-over";
import { ChunkLoadError, loadChunk } from "./lazy-page";
import { RouteErrorBoundary, RouteErrorPage } from "./route-error-page";
import { ScrollRestoration } from "./scroll-restoration";
import { SiteHeader } from "./site-header";
import "./layout.css";

// The drawer and the sign-in and feedback modals are code for later: they load when first
// opened (or when the browser is idle), so the first page of a visit downloads less.
const importCartDrawer = () => loadChunk("cart-drawer", () => import("#web/features/cart/cart-drawer"));
const importAuthModal = () => loadChunk("auth-modal", () => import("#web/features/auth/auth-modal"));
// The toasts' code (react-hot-toast and its drawing) is not part of the first download: it loads
// once the page is up and the browser is idle, or with a toast the layout raises itself. A toast a
// page raises before then waits in react-hot-toast's store and shows once the toaster is drawn.
const Toaster = lazy(() => import("./toaster"));
const importFeedbackModal = () =>
  loadChunk("feedback-modal", () => import("#web/shared-features/feedback/feedback-modal"));
// "Choose your shop" loads only when opened: few visits open it.
const importShopPicker = () =>
  loadChunk("shop-picker", () => import("#web/shared-features/shop-picker/shop-picker-dialog"));
// The service worker and its "newer version" line: after the first paint, like the overlays.
const AppUpdates = lazy(() => import("./app-updates"));

/** If an overlay's code cannot be fetched, say so and close it; the page itself keeps working. */
class OverlayErrorBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
    notify(
      "error",
      error instanceof ChunkLoadError
        ? `${error.message} Check your connection and try again.`
        : "Something went wrong. Please try again.",
    );
    this.props.onError();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts a lazily loaded overlay the first time it opens and keeps it mounted after (so it
 * can animate and keep its state). A failed load closes it and lets the next open retry.
 */
function LazyOverlay({
  isOpen,
  load,
  close,
}: {
  isOpen: boolean;
  load: () => Promise<{ default: ComponentType }>;
  close: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [mounted, setMounted] = useState(isOpen);
  // A new lazy component per attempt: React.lazy remembers a failed import for good.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the reason to rebuild
  const Overlay = useMemo(() => lazy(load), [load, attempt]);

  useEffect(() => {
    if (isOpen) setMounted(true);
  }, [isOpen]);

  if (!mounted && !isOpen) return null;
  return (
    <OverlayErrorBoundary
      key={attempt}
      onError={() => {
        close();
        setMounted(false);
        setAttempt((count) => count + 1);
      }}
    >
      <Suspense fallback={null}>
        <Overlay />
      </Suspense>
    </OverlayErrorBoundary>
  );
}

const loadCartDrawer = () => importCartDrawer().then((module) => ({ default: module.CartDrawer }));
const loadAuthModal = () => importAuthModal().then((module) => ({ default: module.AuthModal }));
const loadFeedbackModal = () => importFeedbackModal().then((module) => ({ default: module.FeedbackModal }));
const loadShopPicker = () => importShopPicker().then((module) => ({ default: module.ShopPickerDialog }));

function ToasterSlot() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => whenIdle(() => setNeeded(true), 0), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Registers the installable app's service worker once the page has settled, never before its first paint. */
function AppUpdatesSlot() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => whenSettled(() => whenIdle(() => setNeeded(true), 0)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdates />
    </Suspense>
  );
}

function CartDrawerSlot() {
  const isOpen = useCartStore((state) => state.isOpen);
  const close = useCartStore((state) => state.close);
  return <LazyOverlay isOpen={isOpen} load={loadCartDrawer} close={close} />;
}

function AuthModalSlot() {
  const isOpen = useAuthModalStore((state) => state.isOpen);
  const close = useAuthModalStore((state) => state.close);
  return <LazyOverlay isOpen={isOpen} load={loadAuthModal} close={close} />;
}

function ShopPickerSlot() {
  const isOpen = useShopPicker((state) => state.isOpen);
  const close = useShopPicker((state) => state.close);
  return <LazyOverlay isOpen={isOpen} load={loadShopPicker} close={close} />;
}

function FeedbackModalSlot() {
  const isOpen = useFeedbackStore((state) => state.kind !== null);
  const hide = useFeedbackStore((state) => state.hide);
  return <LazyOverlay isOpen={isOpen} load={loadFeedbackModal} close={hide} />;
}

/**
 * Fetches the overlays' code once the page has settled, so the first click on the cart is
 * instant: after the shopper's first touch, key or pointer press (the press comes before its
 * click, so a tap on the cart starts the drawer's download) or a few seconds after the load,
 * whichever is first. The seconds of a visit's first load belong to the page itself: on a
 * phone, each overlay's scripts and styles were long tasks just as the page became usable.
 * Then one overlay per idle period, for the same reason.
 */
function usePrefetchOverlays() {
  useEffect(() => {
    const imports = [importCartDrawer, importAuthModal, importFeedbackModal];
    let cancel = () => {};
    const next = () => {
      const load = imports.shift();
      if (!load) return;
      load().catch(() => undefined);
      cancel = whenIdle(next);
    };
    cancel = whenSettled(next);
    return () => cancel();
  }, []);
}

/** How long after the load event the overlays' code starts to download if nobody has touched the page. */
const SETTLE_AFTER_LOAD_MS = 3000;
const FIRST_INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

/** Runs `task` at the first interaction with the page or a while after its load; returns how to cancel it. */
function whenSettled(task: () => void): () => void {
  const listening = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    listening.abort();
    clearTimeout(timer);
  };
  const run = () => {
    stop();
    task();
  };
  const options = { capture: true, passive: true, signal: listening.signal };
  FIRST_INTERACTIONS.forEach((type) => window.addEventListener(type, run, options));
  const startTimer = () => (timer = setTimeout(run, SETTLE_AFTER_LOAD_MS));
  if (document.readyState === "complete") startTimer();
  else window.addEventListener("load", startTimer, { once: true, signal: listening.signal });
  return stop;
}

/** Runs `task` when the browser is idle (or after `fallbackMs` where it cannot say); returns how to cancel it. */
function whenIdle(task: () => void, fallbackMs = 2500): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}

/**
 * What every page but /login sits in: header, main (with the cart drawer), footer and the overlays.
 * The routed page below it shows a spinner while its code loads, and the error page in its
 * place if it fails (the layout stays, and the next navigation tries again).
 */
export function Layout() {
  useAuthBootstrap();
  usePrefetchOverlays();
  const location = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary fallback={RouteErrorPage} resetKey={location.key}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <ScrollRestoration />
            <LandingTakeOver />
          </Suspense>
        </RouteErrorBoundary>
        <CartDrawerSlot />
      </main>
      <Footer />
      <AuthModalSlot />
      <FeedbackModalSlot />
      <ShopPickerSlot />
      <ToasterSlot />
      <AppUpdatesSlot />
    </>
  );
}

/** While a page's code loads: the layout stays, a spinner fills the main area. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
