import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { getDb } from "#worker/db/client";
import { AUTH_PROVIDERS, PROVIDER_LABELS, type AuthProvider } from "#common/auth-providers";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { limitBody } from "#worker/lib/json-body";
import { rateLimit } from "#worker/lib/rate-limit";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "#worker/services/auth/sign-in-session";
import { validate } from "#worker/lib/validation";
import { closeSessionSockets } from "#worker/services/live-access";
import { appleAuthorizationUrl, appleIdentity } from "#worker/services/auth/apple";
import {
  COMPLETION_MODES,
  peekAttempt,
  randomToken,
  rememberAttempt,
  returnToSchema,
  sameSecret,
  type SignInAttempt,
  takeAttempt,
} from "#worker/services/auth/attempt";
import {
  AUTH_STYLESHEET,
  AUTH_STYLESHEET_PATH,
  completeSignIn,
  POPUP_SCRIPT,
  POPUP_SCRIPT_PATH,
} from "#worker/services/auth/completion";
import {
  type AppleConfig,
  callbackUrl,
  devSignInAllowed,
  type GoogleConfig,
  type ProviderConfig,
  providerSetup,
} from "#worker/services/auth/config";
import { devConsentFormSchema, devConsentPage, devIdentity } from "#worker/services/auth/dev-sign-in";
import { describeSignInError, SignInFailure } from "#worker/services/auth/failure";
import { googleAuthorizationUrl, googleIdentity } from "#worker/services/auth/google";
import { createSession, deleteExpiredSessions, deleteSession, hashSessionToken } from "#worker/services/auth/sessions";
import { findOrCreateUser, type ProviderIdentity } from "#worker/services/auth/users";
import { rememberedShopId } from "#worker/services/shop/request-shop";
import { clearShopCookie, settleShopAtSignIn } from "#worker/services/shop/shop-choice";

const providerParamSchema = z.object({ provider: z.enum(AUTH_PROVIDERS) });

const startQuerySchema = z.object({
  mode: z.enum(COMPLETION_MODES).default("redirect"),
  returnTo: returnToSchema.default("/"),
});

const googleCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

const appleCallbackFormSchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  user: z.string().max(2000).optional(),
});

const limitSignIns = rateLimit("AUTH_RATE_LIMITER", "auth");

/** Provider config for a real sign-in, or a loud 500 when its secrets are incomplete or absent. */
function requireProviderConfig(c: Context<AppEnv>, provider: "google"): GoogleConfig;
function requireProviderConfig(c: Context<AppEnv>, provider: "apple"): AppleConfig;
function requireProviderConfig(c: Context<AppEnv>, provider: AuthProvider): ProviderConfig;
function requireProviderConfig(c: Context<AppEnv>, provider: AuthProvider): ProviderConfig {
  const setup = providerSetup(c.env, provider);
  if (setup.status === "configured") return setup.config;
  const problem = setup.status === "misconfigured" ? setup.problem : "no credentials are set";
  console.error(`${PROVIDER_LABELS[provider]} sign-in is not configured correctly: ${problem}`);
  throw new ApiError(500, "auth_misconfigured", `${PROVIDER_LABELS[provider]} sign-in is not configured correctly`);
}

/** The stand-in refuses to exist unless every local-development condition holds. */
function requireDevSignIn(c: Context<AppEnv>, provider: AuthProvider): void {
  if (!devSignInAllowed(c.env, provider, c.req.url)) {
    throw new ApiError(404, "not_found", `No API route for ${c.req.method} ${c.req.path}`);
  }
}

/**
 * Signs the person in: their user (created on first sign-in only), a brand-new session whose
 * token replaces any earlier one in this browser, and the success completion.
 */
async function finishSignIn(c: Context<AppEnv>, identity: ProviderIdentity, attempt: SignInAttempt) {
  const db = getDb(c.env.DB);
  const userId = await findOrCreateUser(db, identity);
  const previousToken = readSessionToken(c);
  if (previousToken) await deleteSession(db, previousToken);
  const session = await createSession(db, userId);
  setSessionCookie(c, session.token);
  // The account's shop comes back, or the shop this browser chose becomes the account's. A
  // failure here costs the shopper a choice of shop, not the sign-in.
  await settleShopAtSignIn(c, db, userId, rememberedShopId(c) ?? attempt.shopId ?? null).catch((error: unknown) =>
    console.warn("Could not settle the shopper's shop at sign-in:", String(error)),
  );
  // Sign-ins are rare enough to carry the housekeeping: sessions past either expiry go.
  c.executionCtx.waitUntil(
    deleteExpiredSessions(db).catch((error: unknown) =>
      console.warn("Could not delete expired sessions:", String(error)),
    ),
  );
  return completeSignIn(c, { provider: identity.provider, ok: true, mode: attempt.mode, returnTo: attempt.returnTo });
}

/** Every failure ends the same way for the person; the log says why (one line, no stack). */
function failSignIn(c: Context<AppEnv>, provider: AuthProvider, attempt: SignInAttempt | null, error: unknown) {
  console.warn(`${PROVIDER_LABELS[provider]} sign-in failed: ${describeSignInError(error)}`);
  return completeSignIn(c, { provider, ok: false, mode: attempt?.mode, returnTo: attempt?.returnTo });
}

/** The attempt this browser started, provided the state the provider echoed is the one it was given. */
function attemptMatching(attempt: SignInAttempt | null, state: string | undefined): SignInAttempt {
  if (!attempt) throw new SignInFailure("no sign-in attempt in this browser (missing, expired or already used state)");
  if (!state) throw new SignInFailure("the provider sent no state");
  if (!sameSecret(attempt.state, state)) throw new SignInFailure("state does not match this browser's attempt");
  return attempt;
}

export const authRouter = new Hono<AppEnv>()
  .get(POPUP_SCRIPT_PATH.replace("/api/auth", ""), (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(POPUP_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  })
  .get(AUTH_STYLESHEET_PATH.replace("/api/auth", ""), (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(AUTH_STYLESHEET, 200, { "Content-Type": "text/css; charset=utf-8" });
  })

  .post("/logout", async (c) => {
    const token = readSessionToken(c);
    if (token) {
      const db = getDb(c.env.DB);
      await deleteSession(db, token);
      // The session's live sockets (board, order pages) close now, not at their next message.
      await closeSessionSockets(c.env, db, await hashSessionToken(token), c.get("userId") ?? null);
    }
    clearSessionCookie(c);
    // The shop chosen goes with the rest of what this browser kept; the next sign-in restores the account's.
    clearShopCookie(c);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  })

  .get(
    "/:provider/start",
    limitSignIns,
    validate("param", providerParamSchema),
    validate("query", startQuerySchema),
    async (c) => {
      const { provider } = c.req.valid("param");
      const { mode, returnTo } = c.req.valid("query");
      const state = randomToken();
      const shopId = rememberedShopId(c) ?? undefined;
      const attempt: SignInAttempt = { provider, state, mode, returnTo, startedAt: Date.now(), shopId };
      c.header("Cache-Control", "no-store");

      if (devSignInAllowed(c.env, provider, c.req.url)) {
        await rememberAttempt(c, attempt);
        return c.redirect(`/api/auth/${provider}/dev-consent?${new URLSearchParams({ state })}`, 302);
      }

      const config = requireProviderConfig(c, provider);
      const redirectUri = callbackUrl(c.req.url, provider);
      if (config.provider === "google") {
        const { url, codeVerifier } = googleAuthorizationUrl(config, redirectUri, state);
        await rememberAttempt(c, { ...attempt, codeVerifier });
        return c.redirect(url.toString(), 302);
      }
      const nonce = randomToken();
      await rememberAttempt(c, { ...attempt, nonce });
      return c.redirect(appleAuthorizationUrl(config, redirectUri, state, nonce).toString(), 302);
    },
  )

  .get("/google/callback", limitSignIns, async (c) => {
    const config = requireProviderConfig(c, "google");
    const attempt = await takeAttempt(c, "google");
    try {
      const query = googleCallbackQuerySchema.safeParse(c.req.query());
      if (!query.success) throw new SignInFailure("callback query is malformed");
      const matched = attemptMatching(attempt, query.data.state);
      if (query.data.error) throw new SignInFailure(`Google answered error=${query.data.error}`);
      if (!query.data.code) throw new SignInFailure("Google sent no code");
      if (!matched.codeVerifier) throw new SignInFailure("attempt has no PKCE verifier");
      const identity = await googleIdentity(
        config,
        callbackUrl(c.req.url, "google"),
        query.data.code,
        matched.codeVerifier,
      );
      return await finishSignIn(c, identity, matched);
    } catch (error) {
      return failSignIn(c, "google", attempt, error);
    }
  })

  // Apple posts the answer from its own site (response_mode=form_post); see csrf.ts and the ADR.
  .post("/apple/callback", limitSignIns, limitBody(), async (c) => {
    const config = requireProviderConfig(c, "apple");
    const attempt = await takeAttempt(c, "apple");
    try {
      const form = appleCallbackFormSchema.safeParse(await c.req.parseBody().catch(() => null));
      if (!form.success) throw new SignInFailure("callback form is malformed");
      const matched = attemptMatching(attempt, form.data.state);
      if (form.data.error) throw new SignInFailure(`Apple answered error=${form.data.error}`);
      if (!form.data.code) throw new SignInFailure("Apple sent no code");
      const identity = await appleIdentity(
        config,
        callbackUrl(c.req.url, "apple"),
        form.data.code,
        matched.nonce,
        form.data.user,
      );
      return await finishSignIn(c, identity, matched);
    } catch (error) {
      return failSignIn(c, "apple", attempt, error);
    }
  })

  .get(
    "/:provider/dev-consent",
    validate("param", providerParamSchema),
    validate("query", z.object({ state: z.string().min(1).max(200) })),
    async (c) => {
      const { provider } = c.req.valid("param");
      requireDevSignIn(c, provider);
      const attempt = await peekAttempt(c, provider);
      const { state } = c.req.valid("query");
      if (!attempt || !sameSecret(attempt.state, state)) {
        throw new ApiError(400, "invalid_input", "This sign-in has expired. Close this window and try again.", "state");
      }
      c.header("Cache-Control", "no-store");
      return c.html(devConsentPage(provider, state));
    },
  )

  .post("/:provider/dev-consent", limitSignIns, limitBody(), validate("param", providerParamSchema), async (c) => {
    const { provider } = c.req.valid("param");
    requireDevSignIn(c, provider);
    const attempt = await takeAttempt(c, provider);
    try {
      const form = devConsentFormSchema.safeParse(await c.req.parseBody().catch(() => null));
      if (!form.success) throw new SignInFailure("stand-in consent form is malformed");
      const matched = attemptMatching(attempt, form.data.state);
      if ("cancel" in form.data) throw new SignInFailure("cancelled on the stand-in consent page");
      return await finishSignIn(c, devIdentity(provider, form.data.name, form.data.email), matched);
    } catch (error) {
      return failSignIn(c, provider, attempt, error);
    }
  });

/**
 * Every response the sign-in popup navigates through (start redirect, stand-in consent page,
 * callback, completion page) must keep `window.opener`. Browsers check the
 * Cross-Origin-Opener-Policy of each of them, redirects included: a value that differs from the
 * page before it (Google's or Apple's, or the opener's) moves the popup to a new browsing
 * context group and its opener is gone. These answers therefore carry `unsafe-none`; they embed
 * nothing and cannot be framed, so the isolation lost is nil. Mounted outside the global secure
 * headers, which would otherwise overwrite it.
 */
export const keepSignInPopupOpener: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
};
