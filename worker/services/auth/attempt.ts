import { and, eq, gt, lte } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from "#common/return-path";
import { AUTH_PROVIDERS, type AuthProvider } from "#common/auth-providers";
import { getDb } from "#worker/db/client";
import { signInAttempts } from "#worker/db/schema";
import type { AppEnv } from "#worker/env";
import { isHttps } from "#worker/lib/https";
import { sha256 } from "#worker/lib/sha256";
import { base64Url } from "./sessions";

/** How long a person has to finish at the provider before the attempt is void. */
export const ATTEMPT_LIFETIME_SECONDS = 10 * 60;

export const COMPLETION_MODES = ["popup", "redirect"] as const;
export type CompletionMode = (typeof COMPLETION_MODES)[number];

/**
 * A page of this site to come back to, in its normalised form (common/return-path.ts): a path
 * that a browser would turn into another host, or that is not a page, is refused with a 400.
 */
export const returnToSchema = z
  .string()
  .max(RETURN_PATH_MAX_LENGTH)
  .transform((path, context) => {
    const safe = safeReturnPath(path);
    if (safe === null) {
      context.addIssue({ code: "custom", message: "must be a page on this site, starting with /" });
      return z.NEVER;
    }
    return safe;
  });

/**
 * One sign-in in progress, held by the browser that started it. The callback accepts only the
 * state this browser was given (so nobody can finish their sign-in in someone else's browser)
 * and sends the PKCE verifier that only this browser knows.
 */
const attemptSchema = z.object({
  provider: z.enum(AUTH_PROVIDERS),
  state: z.string().min(16).max(200),
  /** PKCE verifier (Google, and the local stand-in for symmetry). */
  codeVerifier: z.string().max(200).optional(),
  /** Apple: echoed inside the ID token, binding the token to this attempt. */
  nonce: z.string().max(200).optional(),
  mode: z.enum(COMPLETION_MODES),
  returnTo: returnToSchema,
  /** Epoch ms; the server enforces the lifetime, not only the cookie's Max-Age. */
  startedAt: z.number(),
  /**
   * The shop this browser had chosen when the sign-in started: Apple's cross-site POST does not
   * carry the (SameSite=Lax) shop cookie. Checked against D1 like any other shop id.
   */
  shopId: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});

export type SignInAttempt = z.infer<typeof attemptSchema>;

/**
 * One cookie per provider, so an Apple attempt does not void a Google one in another tab.
 * Apple answers with a cross-site form POST, which SameSite=Lax cookies do not ride along on;
 * that cookie alone is SameSite=None (see docs/decisions/0001-apple-callback-cookie.md).
 */
function attemptCookieName(c: Context, provider: AuthProvider): string {
  return isHttps(c) ? `__Host-squeeze_auth_${provider}` : `squeeze_auth_${provider}`;
}

function attemptCookieOptions(c: Context, provider: AuthProvider) {
  const secure = isHttps(c);
  const crossSitePost = provider === "apple" && secure;
  return {
    httpOnly: true,
    secure,
    // SameSite=None requires Secure; plain-http localhost never talks to the real Apple anyway.
    sameSite: crossSitePost ? ("None" as const) : ("Lax" as const),
    path: "/",
  };
}

export function randomToken(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function stateHash(state: string): Promise<string> {
  return base64Url(await sha256(state));
}

/**
 * Starts an attempt: the browser holds it in a cookie (so nobody can finish it in another
 * browser), and D1 holds its state's hash until a callback uses it (so nobody can finish it
 * twice: a cookie is only deleted in a browser that obeys, a copied one could be replayed).
 * Attempts past their lifetime are cleared on the way.
 */
export async function rememberAttempt(c: Context<AppEnv>, attempt: SignInAttempt): Promise<void> {
  const db = getDb(c.env.DB);
  const now = new Date(attempt.startedAt);
  await db.batch([
    db.delete(signInAttempts).where(lte(signInAttempts.expiresAt, now.toISOString())),
    db.insert(signInAttempts).values({
      stateHash: await stateHash(attempt.state),
      provider: attempt.provider,
      expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_SECONDS * 1000).toISOString(),
    }),
  ]);
  const value = base64Url(new TextEncoder().encode(JSON.stringify(attempt)));
  setCookie(c, attemptCookieName(c, attempt.provider), value, {
    ...attemptCookieOptions(c, attempt.provider),
    maxAge: ATTEMPT_LIFETIME_SECONDS,
  });
}

/**
 * Reads and uses up the attempt, for every callback (Google's, Apple's and the local stand-in's):
 * the cookie is deleted and the attempt's row in D1 is deleted in the same statement that finds
 * it. Only the request whose DELETE returned the row gets the attempt; a second use of the same
 * state, at once or later, with or without the cookie, gets null and ends in the failure page.
 */
export async function takeAttempt(c: Context<AppEnv>, provider: AuthProvider): Promise<SignInAttempt | null> {
  const name = attemptCookieName(c, provider);
  const raw = getCookie(c, name);
  if (raw === undefined) return null;
  deleteCookie(c, name, attemptCookieOptions(c, provider));
  const attempt = parseAttempt(raw, provider);
  if (!attempt) return null;
  const used = await getDb(c.env.DB)
    .delete(signInAttempts)
    .where(
      and(
        eq(signInAttempts.stateHash, await stateHash(attempt.state)),
        eq(signInAttempts.provider, provider),
        gt(signInAttempts.expiresAt, new Date().toISOString()),
      ),
    )
    .returning({ stateHash: signInAttempts.stateHash });
  return used.length === 1 ? attempt : null;
}

/** Reads without using it up (the stand-in consent page only displays it), if it is still unused. */
export async function peekAttempt(c: Context<AppEnv>, provider: AuthProvider): Promise<SignInAttempt | null> {
  const raw = getCookie(c, attemptCookieName(c, provider));
  const attempt = raw === undefined ? null : parseAttempt(raw, provider);
  if (!attempt) return null;
  const [row] = await getDb(c.env.DB)
    .select({ expiresAt: signInAttempts.expiresAt })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.stateHash, await stateHash(attempt.state)), eq(signInAttempts.provider, provider)));
  return row && row.expiresAt > new Date().toISOString() ? attempt : null;
}

function parseAttempt(raw: string, provider: AuthProvider): SignInAttempt | null {
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(raw.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0)),
    );
    const attempt = attemptSchema.parse(JSON.parse(json));
    if (attempt.provider !== provider) return null;
    if (Date.now() - attempt.startedAt > ATTEMPT_LIFETIME_SECONDS * 1000) return null;
    return attempt;
  } catch {
    return null;
  }
}

/** Compares without an early exit, so timing does not reveal how much of a state matched. */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}
