// A small HTTP proxy on loopback in front of a local server. It forwards each request as it came
// (the browser's Host kept: the worker builds its URLs from it), asks for the answer uncompressed,
// and hands the answer to `respond`, which writes it to the browser. Lighthouse's compressing
// proxy (compressing-proxy.mjs) and the first-paint journey's proxy, which holds a page's HTML
// back, are this with their own `respond`.
import { createServer, request } from "node:http";

/**
 * @param {string} upstream e.g. http://127.0.0.1:5230
 * @param {(incoming: import("node:http").IncomingMessage, answer: import("node:http").IncomingMessage, outgoing: import("node:http").ServerResponse) => void} respond
 * @param {number} [port] where the proxy listens (any free port when 0)
 * @returns {Promise<{ origin: string, baseUrl: string, close(): Promise<void> }>}
 */
export function startForwardingProxy(upstream, respond, port = 0) {
  const target = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (answer) => respond(incoming, answer, outgoing),
    );
    forwarded.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`proxy: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: listening } = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({
        origin: `http://127.0.0.1:${listening}`,
        baseUrl: `http://localhost:${listening}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
