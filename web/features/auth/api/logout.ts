import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { apiFetch, ApiRequestError } from "../../../lib/api-client";
import { useCartStore } from "../../cart/cart-store";
import { useSessionStore } from "../session-store";

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
 * persisted state, go home, toast "Logged out successfully".
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearLocalSession();
      // The menu is the same for everyone; anything else cached (orders, me) was this user's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "categories" });
      navigate("/");
      toast.success("Logged out successfully");
    },
    onError: (error) => {
      console.error("Logout failed", error);
      toast.error("Could not log out. Please try again.");
    },
  });
}
