import type { Context } from "hono";

/** Whether the request came over https: cookies are then `Secure` (and the session's `__Host-` prefixed). */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:";
}
