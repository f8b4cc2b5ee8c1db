import type { ServerResponse } from "node:http";
import type { Connect, Plugin } from "vite";

/**
 * Methods the Fetch API refuses to build a Request for. The dev and preview servers hand
 * every request to the worker as a Request, so one of these would throw inside the server and
 * come back as its 500 error page with a stack trace; the deployed edge never passes them on.
 */
const UNFORWARDABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function refuseUnforwardable(request: Connect.IncomingMessage, response: ServerResponse, next: Connect.NextFunction) {
  const method = request.method?.toUpperCase() ?? "";
  if (!UNFORWARDABLE_METHODS.has(method)) return next();
  response.statusCode = 501;
  response.setHeader("content-type", "application/json");
  response.setHeader("cache-control", "no-store");
  response.end(
    JSON.stringify({ error: { code: "method_not_implemented", message: `${method} is not served by this app` } }),
  );
}

/** Answers the methods the worker can never receive with a 501, before the worker's middleware sees them. */
export function unforwardableMethods(): Plugin {
  return {
    name: "squeeze:unforwardable-methods",
    configureServer(server) {
      server.middlewares.use(refuseUnforwardable);
    },
    configurePreviewServer(server) {
      server.middlewares.use(refuseUnforwardable);
    },
  };
}
