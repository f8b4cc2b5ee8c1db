import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { findValidSession, SESSION_ABSOLUTE_LIFETIME_MS } from "#worker/services/auth/sessions";
import { ApiError } from "#worker/lib/errors";
import { isHttps } from "#worker/lib/https";

/** On https the cookie is `__Host-` prefixed (Secure, Path=/, no Domain: it cannot be planted by a subdomain). */
export const SECURE_SESSION_COOKIE = "__Host-squeeze_session";
/** Plain http://localhost cannot hold a Secure cookie, so development uses the nearest that works. */
export const LOCAL_SESSION_COOKIE = "squeeze_session";

export function sessionCookieName(c: Context): string {
  return isHttps(c) ? SECURE_SESSION_COOKIE : LOCAL_SESSION_COOKIE;
}

export function readSessionToken(c: Context): string | undefined {
  const token = getCookie(c, sessionCookieName(c));
  return token && token.length <= 100 ? token : undefined;
}

export function setSessionCookie(c: Context, token: string): void {
  const secure = isHttps(c);
  setCookie(c, sessionCookieName(c), token, {
    httpOnly: true,
    secure,
    sameSite: "Lax",
    path: "/",
    // The server enforces the idle and absolute expiry; the cookie just does not outlive the latter.
    maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(c: Context): void {
  const secure = isHttps(c);
  deleteCookie(c, sessionCookieName(c), { path: "/", secure, httpOnly: true, sameSite: "Lax" });
}

/** An answer any cache may keep and give to anyone (the catalogue's, the shops'): it never sets a cookie. */
function isPublicAnswer(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control")?.toLowerCase() ?? "";
  return /\bpublic\b|\bs-maxage=/.test(cacheControl);
}

/**
 * Reads the session cookie and sets `c.var.userId` for a valid session. A cookie whose
 * session has expired or been logged out is cleared so the browser stops sending it, on a
 * private answer only: an edge cache would keep a public answer's Set-Cookie and hand it to
 * everyone.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionToken(c);
  let stale = false;
  if (token) {
    const session = await findValidSession(getDb(c.env.DB), token);
    if (session) {
      c.set("userId", session.userId);
      c.set("sessionHash", session.tokenHash);
    } else stale = true;
  }
  await next();
  if (stale && !isPublicAnswer(c.res)) clearSessionCookie(c);
};

/** Refuses a guest with 401 before the handler runs. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("userId")) throw new ApiError(401, "unauthorized", "Sign in to continue");
  await next();
};
