import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/env";
import { ApiError } from "./errors";

/**
 * A live channel is opened only by a WebSocket handshake from one of our own pages. Browsers
 * send the page's Origin with every handshake and a cross-site page cannot forge it, so a
 * missing or foreign Origin is refused: another site cannot open a socket with a shopper's cookie.
 */
export const requireSameOriginWebSocket: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "This address speaks WebSocket only");
  }
  const origin = c.req.header("Origin");
  if (origin === undefined || origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, "forbidden", "Cross-site WebSocket connections are not allowed");
  }
  await next();
};
