import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { AUTH_PROVIDERS, type AuthProvider } from "../../db/schema";
import { isHttps } from "../../lib/session";
import { base64Url } from "./sessions";

/** How long a person has to finish at the provider before the attempt is void. */
export const ATTEMPT_LIFETIME_SECONDS = 10 * 60;

export const COMPLETION_MODES = ["popup", "redirect"] as const;
export type CompletionMode = (typeof COMPLETION_MODES)[number];

/**
 * A same-site path to come back to: starts with one "/" (not "//", which is another host) and has
 * no backslash (browsers read "/\evil.example" as "//evil.example").
 */
export const returnToSchema = z
  .string()
  .max(2000)
  .refine(
    (path) => path.startsWith("/") && !path.startsWith("//") && !/[\\\u0000-\u001f\u007f]/.test(path),
    "must be a path on this site starting with /",
  );

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

export function rememberAttempt(c: Context, attempt: SignInAttempt): void {
  const value = base64Url(new TextEncoder().encode(JSON.stringify(attempt)));
  setCookie(c, attemptCookieName(c, attempt.provider), value, {
    ...attemptCookieOptions(c, attempt.provider),
    maxAge: ATTEMPT_LIFETIME_SECONDS,
  });
}

/**
 * Reads and forgets the attempt in one go: whatever happens next, the same state can never
 * be used twice from this browser.
 */
export function takeAttempt(c: Context, provider: AuthProvider): SignInAttempt | null {
  const name = attemptCookieName(c, provider);
  const raw = getCookie(c, name);
  if (raw === undefined) return null;
  deleteCookie(c, name, attemptCookieOptions(c, provider));
  return parseAttempt(raw, provider);
}

/** Reads without forgetting (the stand-in consent page only displays it). */
export function peekAttempt(c: Context, provider: AuthProvider): SignInAttempt | null {
  const raw = getCookie(c, attemptCookieName(c, provider));
  return raw === undefined ? null : parseAttempt(raw, provider);
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
