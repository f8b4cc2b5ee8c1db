import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "squeeze:scroll-positions";

/** Scroll positions by history entry (location.key); kept for the tab's life, across reloads. */
let savedPositions: Record<string, number> | null = null;
/** Whether the page the visit landed on has been shown (module-wide: an error page remounts the component). */
let landingPageShown = false;

function positions(): Record<string, number> {
  if (savedPositions) return savedPositions;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    savedPositions = typeof stored === "object" && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    savedPositions = {};
  }
  return savedPositions;
}

/** Straight there: the page's smooth scrolling is for in-page jumps, not for arriving on a page. */
function jumpTo(top: number): void {
  window.scrollTo({ top, left: 0, behavior: "instant" });
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false;
  }
}

/**
 * What React Router's <ScrollRestoration> did for the data router: a new page starts at
 * the top (or at its #hash), and Back/Forward (or a reload) returns to where the shopper
 * was. A change of the query string alone (a menu category) keeps the scroll position.
 *
 * Rendered next to the routed page, inside its Suspense boundary, so it runs once the
 * page's code has arrived and the page is on screen.
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const remember = () => {
      positions()[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions()));
      } catch {
        // Storage unavailable: Back still works within this page load.
      }
      window.history.scrollRestoration = "auto";
    };
    const resume = () => {
      window.history.scrollRestoration = "manual";
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", persist);
    window.addEventListener("pageshow", resume);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", persist);
      window.removeEventListener("pageshow", resume);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const firstPage = !landingPageShown;
    landingPageShown = true;
    const samePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    const saved = positions()[location.key];
    if (navigationType === "POP" && saved !== undefined) {
      jumpTo(saved);
      return;
    }
    if (scrollToHash(location.hash)) return;
    // The page a visit lands on stays where the browser has it: at the top, or wherever the
    // shopper scrolled the prerendered page to while the app was loading.
    if (!samePage && !firstPage) jumpTo(0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
