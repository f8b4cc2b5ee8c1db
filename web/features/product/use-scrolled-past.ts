import { useEffect, useState, type RefObject } from "react";

/**
 * Whether `target` has scrolled up out of view (behind the sticky header, or above). Below the
 * fold does not count: the shopper has not reached it yet. Never true while rendering on the
 * server, which has no window.
 */
const BELOW_THE_FOLD_PX = 100_000;

export function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // The observed area starts under the sticky header and reaches far below the window, so
    // "not intersecting" means gone up behind the header: a fling that jumps from below the
    // fold to past the top still counts as a change.
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--header-height")) || 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= header);
      },
      { rootMargin: `-${header}px 0px ${BELOW_THE_FOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return past;
}
