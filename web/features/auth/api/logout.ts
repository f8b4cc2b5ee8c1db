import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { apiFetch, ApiRequestError } from "#web/lib/api-client";
import { notifySessionEnd } from "#web/lib/session-end";
import { useCartStore } from "#web/lib/cart-store";
import { useSessionStore } from "#web/lib/session-store";

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

/** Forgets everything this browser kept about the shopper: user, cart and their persisted copies. */
export function clearLocalSession(): void {
  useSessionStore.getState().clearUser();
  useCartStore.getState().clear();
  useCartStore.getState().close();
  useSessionStore.persist.clearStorage();
  useCartStore.persist.clearStorage();
}

/**
 * Logout as the spec has it: end the session, clear the user and the cart, purge the
 * persisted state and this user's cached API data, go home, toast "Logged out successfully".
 * A plain call rather than a TanStack mutation: the header that offers it is part of every
 * first page, and the data library loads later, with the first page that reads the API.
 */
export function useLogout(): { logOut: () => Promise<void>; isPending: boolean } {
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  const logOut = useCallback(async () => {
    setIsPending(true);
    try {
      await logout();
    } catch (error) {
      console.error("Logout failed", error);
      toast.error("Could not log out. Please try again.");
      return;
    } finally {
      setIsPending(false);
    }
    clearLocalSession();
    notifySessionEnd();
    navigate("/");
    toast.success("Logged out successfully");
  }, [navigate]);
  return { logOut, isPending };
}
