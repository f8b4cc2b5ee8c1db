import { useEffect, useState } from "react";
import { useCartStore } from "#web/lib/cart-store";
import { useSessionStore } from "#web/lib/session-store";

/** The spec's persisted-state time-out: past it the shop shows anyway, with empty state. */
export const PERSIST_TIMEOUT_MS = 5_000;

/** What a zustand `persist` store exposes about its rehydration. */
export interface PersistedStore {
  persist: {
    hasHydrated(): boolean;
    onFinishHydration(listener: () => void): () => void;
  };
}

const PERSISTED_STORES: readonly PersistedStore[] = [useSessionStore, useCartStore];

/**
 * Whether the saved session and cart are back from storage, so the header's count and
 * the signed-in state never flash from empty to filled. Gives up waiting after 5 s.
 */
export function useStoresHydrated(
  stores: readonly PersistedStore[] = PERSISTED_STORES,
  timeoutMs: number = PERSIST_TIMEOUT_MS,
): boolean {
  const [hydrated, setHydrated] = useState(() => stores.every((store) => store.persist.hasHydrated()));

  useEffect(() => {
    if (hydrated) return;
    const check = () => {
      if (stores.every((store) => store.persist.hasHydrated())) setHydrated(true);
    };
    const unsubscribes = stores.map((store) => store.persist.onFinishHydration(check));
    const timer = setTimeout(() => setHydrated(true), timeoutMs);
    check();
    return () => {
      clearTimeout(timer);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    };
  }, [hydrated, stores, timeoutMs]);

  return hydrated;
}
