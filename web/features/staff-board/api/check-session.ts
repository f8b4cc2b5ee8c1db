import type { SessionUser } from "#common/session-user";
import { getMeAnswer } from "#web/shared-features/session/api/get-me";

/**
 * Whether this page's sign-in has ended (signed out, expired, or no longer on the staff), from
 * GET /api/me. The board asks when its live channel's reconnection is refused.
 */
export async function staffSessionEnded(): Promise<boolean> {
  const me = (await getMeAnswer()) as SessionUser;
  return !me.isAuthenticated || me.staff === null;
}
