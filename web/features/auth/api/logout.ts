import { apiFetch, ApiRequestError } from "#web/lib/api-client";
import { useCartStore } from "#web/lib/cart-store";
import { useSessionStore } from "#web/lib/session-store";
import { useShopChoice } from "#web/lib/shop-store";

/** POST /api/auth/logout: ends the session on the server (204). */
export async function logout(): Promise<void> {
  try {
    await apiFetch<void>("/api/auth/logout", { method: "POST", json: {} });
  } catch (error) {
    // A session that already expired is as logged out as it gets.
    if (error instanceof ApiRequestError && error.status === 401) return;
    throw error;
  }
}

/** Forgets everything this browser kept about the shopper: user, cart, chosen shop and their persisted copies. */
export function clearLocalSession(): void {
  useSessionStore.getState().clearUser();
  useCartStore.getState().clear();
  useCartStore.setState({ checkoutDetails: null, shopId: null });
  // The server cleared its shop cookie too: the next pages are the default shop's until one is chosen again.
  useShopChoice.getState().setShopId(null);
  useCartStore.getState().close();
  useSessionStore.persist.clearStorage();
  useCartStore.persist.clearStorage();
  useShopChoice.persist.clearStorage();
}
