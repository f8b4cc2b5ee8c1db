import { useEffect } from "react";
import { EARLY_TAPS_GLOBAL } from "#common/early-taps";

type EarlyTapsWindow = Window & { [EARLY_TAPS_GLOBAL]?: () => void };

/**
 * Rendered beside the routed page, inside its Suspense boundary: React hydrates that boundary in
 * a pass of its own after the rest of the layout, so this effect is the moment the page a visit
 * landed on is the app's, fields, buttons and all. It hands over to the landing page's early-tap
 * script (common/early-taps.ts), which plays what the shopper typed and tapped before; a page
 * the app rendered itself has no such script.
 */
export function LandingTakeOver(): null {
  useEffect(() => {
    (window as EarlyTapsWindow)[EARLY_TAPS_GLOBAL]?.();
  }, []);
  return null;
}
