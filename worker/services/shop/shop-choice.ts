/**
 * The shopper's shop, remembered twice: in the SHOP_COOKIE (every visitor, so the server renders
 * that shop's pages at once) and on the account (a signed-in shopper, so it follows them to the
 * next device and back after a logout).
 */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { SHOP_COOKIE } from "#common/locations";
import type { Database } from "#worker/db/client";
import { locations, users } from "#worker/db/schema";
import type { AppEnv } from "#worker/env";
import { isHttps } from "#worker/lib/https";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Not HttpOnly: it says which shop, nothing secret, and the page's script reads it to know the
 * shop its pages were rendered for. Secure wherever the session cookie is (https).
 */
export function setShopCookie(c: Context<AppEnv>, locationId: string): void {
  setCookie(c, SHOP_COOKIE, locationId, { path: "/", maxAge: YEAR_SECONDS, sameSite: "Lax", secure: isHttps(c) });
}

export function clearShopCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SHOP_COOKIE, { path: "/", sameSite: "Lax", secure: isHttps(c) });
}

/** Keeps the shopper's choice on their account (a shop that no longer exists leaves it NULL). */
export async function rememberShopOnAccount(db: Database, userId: string, locationId: string): Promise<void> {
  await db.update(users).set({ locationId }).where(eq(users.id, userId));
}

/**
 * At sign-in: an account that has a shop brings it back (the cookie is set to it); one that has
 * none takes `browserShopId`, the shop this browser chose before signing in, so the choice
 * survives the sign-in. An id that names no shop taking online orders is left for the pages to
 * replace.
 */
export async function settleShopAtSignIn(
  c: Context<AppEnv>,
  db: Database,
  userId: string,
  browserShopId: string | null,
): Promise<void> {
  const [account] = await db
    .select({ locationId: users.locationId, takesOnlineOrders: locations.takesOnlineOrders })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  if (account?.locationId && account.takesOnlineOrders) {
    setShopCookie(c, account.locationId);
    return;
  }
  const chosen = browserShopId;
  if (!chosen) return;
  const [shop] = await db
    .select({ takesOnlineOrders: locations.takesOnlineOrders })
    .from(locations)
    .where(eq(locations.id, chosen));
  if (shop?.takesOnlineOrders) await rememberShopOnAccount(db, userId, chosen);
}
