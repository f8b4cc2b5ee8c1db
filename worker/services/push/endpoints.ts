/**
 * Which addresses a subscription may name. The worker sends to whatever endpoint a device gave,
 * so an endpoint must be one of the browsers' push services (no request ever goes to an address
 * a shopper chose). Only a local `npm run dev` also takes a stand-in on this machine.
 */
import type { Env } from "#worker/env";

/** The push services of Chrome, Edge, Firefox, Safari and the browsers built on them. */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
];
/** Hosts under these domains: Windows' push service gives each region its own (wns2-par02p.notify.windows.com). */
const PUSH_SERVICE_DOMAINS = [".notify.windows.com", ".push.apple.com"];
const LOCAL_HOSTS = ["127.0.0.1", "localhost"];

/** Why `endpoint` is refused, or null when the worker may send to it. */
export function endpointRefusal(endpoint: string, env: Pick<Env, "APP_ENV">): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "must be the push service's URL";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  const host = url.hostname.toLowerCase();
  if (url.protocol === "http:" && isLocalStandIn(url, env)) return null;
  if (url.protocol !== "https:") return "must be an https address";
  if (url.port !== "") return "must use the push service's own port";
  const known = PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain));
  return known ? null : "must be on a browser's push service";
}

/** http://127.0.0.1:<port>/… or http://localhost:<port>/…, under `npm run dev` only. */
function isLocalStandIn(url: URL, env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development" && LOCAL_HOSTS.includes(url.hostname) && url.port !== "";
}

/**
 * The address the push library signs and encrypts for. It refuses plain http (push services are
 * https), so a local stand-in's http address is signed as its https twin and sent to as it is.
 */
export function signedEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.protocol === "http:") url.protocol = "https:";
  return url.toString();
}
