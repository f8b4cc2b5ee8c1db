import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "#worker/env";

/**
 * The SPA loads only its own scripts, styles, fonts and images; it talks only to this
 * origin, and no other site may frame it. public/_headers repeats this policy for the
 * static files the worker never sees; a test keeps the two the same.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Sign-in popups report back through window.opener, which same-origin keeps alive.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
  });

/**
 * The policy with `style` attributes of exactly these values allowed (CSP hash sources,
 * which need 'unsafe-hashes' for attributes). Everything else in the policy stays as it is.
 */
export function withStyleAttributeHashes(policy: string, hashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return name === "style-src" ? [name, ...sources, "'unsafe-hashes'", ...hashes].join(" ") : directive.trim();
    })
    .join("; ");
}

/**
 * Mounted outside the global secure headers (worker/app.ts), which set the policy: lets the
 * browser apply a prerendered landing page's `style` attributes (worker/services/landing/), and no others.
 */
export const allowPrerenderedStyles: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hashes = c.get("prerenderedStyleHashes");
  const policy = c.res.headers.get("Content-Security-Policy");
  if (hashes?.length && policy) c.res.headers.set("Content-Security-Policy", withStyleAttributeHashes(policy, hashes));
};
