import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "#worker/env";
import { ApiError } from "./errors";

type LimiterName = { [K in keyof Env]-?: Env[K] extends RateLimit ? K : never }[keyof Env];

/**
 * Whose budget a request spends.
 *
 * - Signed in: the user. Nothing the client sends can move a signed-in person to a fresh budget,
 *   and people sharing an address (an office, a phone network's NAT) do not share one.
 * - A guest: the address Cloudflare's edge puts in `CF-Connecting-IP`. The edge sets that header
 *   itself on every request, replacing any value the client sent, so on Cloudflare it cannot be
 *   forged. That is the one thing the guest key relies on: the worker must be reached only
 *   through Cloudflare's edge (workers.dev or a proxied route), never behind another proxy that
 *   passes a client's own header on. Headers any client can set (X-Forwarded-For, X-Real-IP,
 *   True-Client-IP) are never read. Without the header (local development) all guests share one
 *   budget.
 */
export function rateLimitKey(c: Context<AppEnv>): string {
  const userId = c.get("userId");
  if (userId) return `user:${userId}`;
  return `ip:${c.req.header("CF-Connecting-IP") || "unknown"}`;
}

/**
 * Per-client limits through Workers' rate-limiting bindings (limits in wrangler.toml). Mounted
 * after the session middleware, so a signed-in caller is known. Runs before the handler, so a
 * refused request stores nothing.
 */
export function rateLimit(limiter: LimiterName, scope: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { success } = await c.env[limiter].limit({ key: `${scope}:${rateLimitKey(c)}` });
    if (!success) {
      throw new ApiError(429, "rate_limited", "Too many requests. Please wait a minute and try again.").withRetryAfter(
        60,
      );
    }
    await next();
  };
}

/**
 * Spends one of the caller's `limiter` budget on a request that went wrong (a wrong code): only
 * misses are counted, so someone who gets it right is never slowed. Past the budget, a 429 that
 * says `message`.
 */
export async function spendMissBudget(
  c: Context<AppEnv>,
  limiter: LimiterName,
  scope: string,
  refusal: { message: string; field?: string },
): Promise<void> {
  const { success } = await c.env[limiter].limit({ key: `${scope}:${rateLimitKey(c)}` });
  if (!success) throw new ApiError(429, "rate_limited", refusal.message, refusal.field).withRetryAfter(60);
}
