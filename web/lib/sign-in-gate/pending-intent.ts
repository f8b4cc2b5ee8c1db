import { isRecord } from "#web/lib/guards";
import { readNewCartItem, useCartStore, type NewCartItem } from "#web/lib/cart-store";

/**
 * What a guest was doing when asked to sign in, in a form that survives a full-page
 * redirect (the popup path keeps the original closure instead). Kept in sessionStorage,
 * so it belongs to this tab only and is gone when the tab closes.
 */
export type PendingIntent =
  { kind: "open-cart" } | { kind: "add-to-cart"; item: NewCartItem; then: "open-cart" | "checkout" };

/** A remembered intent read back from storage, or null when it is not one (checked by hand: see web/lib/guards.ts). */
export function readPendingIntent(value: unknown): PendingIntent | null {
  if (!isRecord(value)) return null;
  if (value.kind === "open-cart") return { kind: "open-cart" };
  if (value.kind !== "add-to-cart" || (value.then !== "open-cart" && value.then !== "checkout")) return null;
  const item = readNewCartItem(value.item);
  return item ? { kind: "add-to-cart", item, then: value.then } : null;
}

export const PENDING_INTENT_STORAGE_KEY = "squeeze:pending-intent";

export function rememberIntent(intent: PendingIntent | null): void {
  try {
    if (intent) sessionStorage.setItem(PENDING_INTENT_STORAGE_KEY, JSON.stringify(intent));
    else sessionStorage.removeItem(PENDING_INTENT_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota): the shopper just repeats the click.
  }
}

/** Reads and forgets the remembered intent. */
export function takeRememberedIntent(): PendingIntent | null {
  try {
    const raw = sessionStorage.getItem(PENDING_INTENT_STORAGE_KEY);
    sessionStorage.removeItem(PENDING_INTENT_STORAGE_KEY);
    if (!raw) return null;
    return readPendingIntent(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Carries out an intent; `navigate` is the router's, for "order now" (go to checkout). */
export function runIntent(intent: PendingIntent, navigate: (to: string) => void): void {
  const cart = useCartStore.getState();
  if (intent.kind === "open-cart") {
    cart.open();
    return;
  }
  cart.addItem(intent.item);
  if (intent.then === "checkout") navigate("/checkout");
  else cart.open();
}
