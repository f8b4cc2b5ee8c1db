import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/env";

/**
 * On the local servers (`vite dev`, and `vite preview` of the build), reads to its end a request
 * body the worker answered without reading: a guest's POST refused with 401, a cross-site one
 * with 403, an unknown address, a page, a body that is not JSON. workerd closes a connection
 * whose request body was left unread, and the local proxy in front of it (Miniflare's undici,
 * still sending that body) then fails the whole request with "fetch failed": the worker's answer
 * is lost and the shopper gets the server's 500 page. Cancelling the body is not enough (workerd
 * closes all the same); reading it keeps the connection whole. The edge needs no such help, so
 * this runs only where APP_ENV is "development" (.dev.vars). Why:
 * docs/decisions/0021-local-servers-read-refused-bodies.md.
 */
export const readUnreadBodyLocally: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  try {
    await next();
  } finally {
    if (c.env.APP_ENV === "development") await discard(request.body);
  }
};

/** Reads a body nobody read and throws its bytes away; one already read, or being read, is left alone. */
async function discard(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The caller went away: nothing left to keep whole.
  } finally {
    reader.releaseLock();
  }
}
