import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the HTML the server rendered (and on the server itself), true
 * from then on. What only the browser knows (the saved cart, who is signed in) waits for it,
 * so hydration meets the HTML it expects; React then redraws those parts at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
