// A small HTTP proxy that compresses text answers the way Cloudflare's edge does (brotli,
// else gzip, for text, JavaScript, JSON, SVG, CSS, manifests) in front of `vite preview`,
// which serves everything uncompressed. Lighthouse measures through it so its figures are
// those of the deployed site, not of an uncompressed local server. Loopback only.
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { startForwardingProxy } from "./forwarding-proxy.mjs";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * @param {string} upstream e.g. http://127.0.0.1:5230
 * @param {number} [port] where the proxy listens (any free port when 0)
 * @returns {Promise<{ origin: string, baseUrl: string, close(): Promise<void> }>}
 */
export function startCompressingProxy(upstream, port = 0) {
  return startForwardingProxy(
    upstream,
    (incoming, answer, outgoing) => {
      const headers = { ...answer.headers };
      const accepts = String(incoming.headers["accept-encoding"] ?? "");
      const type = String(headers["content-type"] ?? "");
      const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
      const compress =
        encoding &&
        COMPRESSIBLE.test(type) &&
        !headers["content-encoding"] &&
        answer.statusCode !== 204 &&
        answer.statusCode !== 304;
      if (!compress) {
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
        return;
      }
      delete headers["content-length"];
      headers["content-encoding"] = encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
      outgoing.writeHead(answer.statusCode ?? 200, headers);
      const compressor =
        encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
      answer.pipe(compressor).pipe(outgoing);
    },
    port,
  );
}
