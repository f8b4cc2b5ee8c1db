import { useCallback, useState } from "react";
import { notify } from "#web/lib/notify";
import { useNavigate } from "react-router";
import { notifySessionEnd } from "#web/lib/session-end";

/**
 * Logout as the spec has it: end the session, clear the user and the cart, purge the
 * persisted state and this user's cached API data, go home, toast "Logged out successfully".
 * A plain call rather than a TanStack mutation: the header that offers it is part of every
 * first page, and the data library loads later, with the first page that reads the API. The
 * call itself loads when it is asked for, so the first page does not carry it.
 */
export function useLogout(): { logOut: () => Promise<void>; isPending: boolean } {
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);
  const logOut = useCallback(async () => {
    setIsPending(true);
    let clearLocalSession: () => void;
    try {
      const session = await import("./api/logout");
      await session.logout();
      clearLocalSession = session.clearLocalSession;
    } catch (error) {
      console.error("Logout failed", error);
      notify("error", "Could not log out. Please try again.");
      return;
    } finally {
      setIsPending(false);
    }
    clearLocalSession();
    notifySessionEnd();
    navigate("/");
    notify("success", "Logged out successfully");
  }, [navigate]);
  return { logOut, isPending };
}
