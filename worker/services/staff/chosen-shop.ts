/**
 * The shop a member of several shops last chose on the staff pages, remembered per device in a
 * cookie (a manager's tablet at Fullerton stays on Fullerton while their phone is on Anaheim). It
 * is a preference only: every request still checks the member belongs to the shop it names.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "#worker/env";
import { isHttps } from "#worker/lib/https";

export const STAFF_SHOP_COOKIE = "squeeze_staff_shop";
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The shop the cookie names, if it looks like an id (anyone can write a cookie). */
export function chosenStaffShop(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, STAFF_SHOP_COOKIE);
  return value && value.length <= 100 && /^[a-z0-9-]+$/.test(value) ? value : undefined;
}

/** Remembers the shop a member just used by name, when it is not the one remembered already. */
export function rememberStaffShop(c: Context<AppEnv>, locationId: string): void {
  if (chosenStaffShop(c) === locationId) return;
  setCookie(c, STAFF_SHOP_COOKIE, locationId, {
    httpOnly: true,
    secure: isHttps(c),
    sameSite: "Lax",
    path: "/api",
    maxAge: ONE_YEAR_SECONDS,
  });
}
