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

/**
 * What the pages may ask the browser for. Geolocation from this origin only (a shop picker that
 * sorts the shops by distance will ask); the rest of the powerful features the shop never uses
 * are off, for its own pages and any frame. Features the staff board may use (sound, keeping the
 * screen awake, full screen) keep the browser's default, which is this origin only.
 * public/_headers repeats it for the files the worker never sees.
 */
export const PERMISSIONS_POLICY = {
  geolocation: ["self"],
  camera: [],
  microphone: [],
  displayCapture: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  bluetooth: [],
  midi: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  idleDetection: [],
  xrSpatialTracking: [],
} satisfies NonNullable<Parameters<typeof secureHeaders>[0]>["permissionsPolicy"];

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Sign-in popups report back through window.opener, which same-origin keeps alive.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    permissionsPolicy: PERMISSIONS_POLICY,
  });

/** CSP hash sources a response adds to the policy: for `style` attributes, and for inline scripts. */
export interface InlineHashes {
  styleAttributes: readonly string[];
  scripts: readonly string[];
}

/**
 * The policy with `style` attributes of exactly these values allowed (CSP hash sources, which
 * need 'unsafe-hashes' for attributes) and inline scripts of exactly this text. Everything else
 * in the policy stays as it is.
 */
export function withInlineHashes(policy: string, { styleAttributes, scripts }: InlineHashes): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name === "style-src" && styleAttributes.length)
        return [name, ...sources, "'unsafe-hashes'", ...styleAttributes].join(" ");
      if (name === "script-src" && scripts.length) return [name, ...sources, ...scripts].join(" ");
      return directive.trim();
    })
    .join("; ");
}

/**
 * Mounted outside the global secure headers (worker/app.ts), which set the policy: lets the
 * browser apply a prerendered landing page's `style` attributes and run its early-tap script
 * (worker/services/landing/), and no others.
 */
export const allowPrerenderedInlines: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hashes = c.get("prerenderedInlineHashes");
  const policy = c.res.headers.get("Content-Security-Policy");
  if (hashes && policy) c.res.headers.set("Content-Security-Policy", withInlineHashes(policy, hashes));
};

/** Headers only a page (a document) obeys: Permissions-Policy and Cross-Origin-Opener-Policy. */
const DOCUMENT_ONLY_HEADERS = ["Permissions-Policy", "Cross-Origin-Opener-Policy"];

/**
 * Leaves the page-only policies off answers that are not pages (the API's JSON, the feeds), as
 * public/_headers does for scripts and pictures: bytes on the landing pages' first requests that
 * no browser reads. Mounted before securityHeaders, so it runs after that has set them.
 */
export const documentOnlyPolicies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
  for (const name of DOCUMENT_ONLY_HEADERS) c.res.headers.delete(name);
};
