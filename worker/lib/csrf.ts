import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/env";
import { ApiError } from "./errors";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Posts that come from another site by design: Apple's sign-in answer (a form_post, guarded by
 * the sign-in state cookie) and Stripe's webhook (guarded by its signature).
 */
const CROSS_SITE_ENDPOINTS = new Set(["/api/auth/apple/callback", "/api/stripe/webhook"]);

/**
 * The local stand-in consent page submits an HTML form (not JSON) to its own origin. It still
 * gets the origin check; it exists only on a developer's machine (see services/auth/config.ts).
 */
const SAME_ORIGIN_FORM_ENDPOINT = /^\/api\/auth\/(google|apple)\/dev-consent$/;

/**
 * CSRF defence for every state-changing API call:
 * - 403 when the browser says the request comes from another site (Origin or Sec-Fetch-Site);
 * - 415 unless the body is declared JSON. A cross-site page cannot send `application/json`
 *   without a CORS preflight this worker never approves, so this closes the gap left by
 *   browsers that send no Origin.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path;
  if (!STATE_CHANGING_METHODS.has(c.req.method) || CROSS_SITE_ENDPOINTS.has(path)) return next();

  const origin = c.req.header("Origin");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if ((origin !== undefined && origin !== new URL(c.req.url).origin) || fetchSite === "cross-site") {
    throw new ApiError(403, "forbidden", "Cross-site requests are not allowed");
  }

  if (!SAME_ORIGIN_FORM_ENDPOINT.test(path)) {
    const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") {
      throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/json");
    }
  }
  await next();
};
