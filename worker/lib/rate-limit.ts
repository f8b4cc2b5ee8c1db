import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "../env";
import { ApiError } from "./errors";

type LimiterName = { [K in keyof Env]-?: Env[K] extends RateLimit ? K : never }[keyof Env];

/** The client as Cloudflare sees it; locally every request comes from one place. */
export function clientKey(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

/**
 * Per-client limits through Workers' rate-limiting bindings (limits in wrangler.toml).
 * Runs before the handler, so a refused request stores nothing.
 */
export function rateLimit(limiter: LimiterName, scope: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { success } = await c.env[limiter].limit({ key: `${scope}:${clientKey(c)}` });
    if (!success) {
      c.header("Retry-After", "60");
      throw new ApiError(429, "rate_limited", "Too many requests. Please wait a minute and try again.");
    }
    await next();
  };
}
