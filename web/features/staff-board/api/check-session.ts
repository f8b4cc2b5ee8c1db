import type { SessionUser } from "#common/session-user";
import { apiFetch } from "#web/lib/api-client";

/**
 * GET /api/me: whether this page's sign-in has ended (signed out, expired, or no longer on the
 * staff). The board asks when its live channel's reconnection is refused.
 */
export async function staffSessionEnded(): Promise<boolean> {
  const me = await apiFetch<SessionUser>("/api/me", { cache: "no-store" });
  return !me.isAuthenticated || me.staff === null;
}
