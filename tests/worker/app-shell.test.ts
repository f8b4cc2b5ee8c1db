import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "#worker/app";
import { assetsBinding } from "./landing-assets-stub";

// What the installable app's service worker needs from the worker, which runs first for every
// address: the page frame it keeps for pages opened offline, and its own script, both with the
// site's security headers.

const SERVICE_WORKER_SOURCE = "self.addEventListener('fetch', () => {});";

/** The build's files: the service worker's script, and the frame for everything else. */
function buildFiles() {
  const assets = assetsBinding();
  const binding = {
    async fetch(input: RequestInfo | URL) {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      if (url.pathname === "/sw.js")
        return new Response(SERVICE_WORKER_SOURCE, { headers: { "content-type": "text/javascript" } });
      return assets.binding.fetch(input);
    },
  } as unknown as Fetcher;
  return { binding, requested: assets.requested };
}

describe("the service worker's files", () => {
  it("/app-shell is the build's frame (no page in it), never kept by the browser's own cache, under the CSP", async () => {
    const files = buildFiles();
    const response = await app.request("/app-shell", {}, { ...env, ASSETS: files.binding });
    expect(response.status).toBe(200);
    expect(files.requested).toEqual(["/"]);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("data-hydrate");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("sha256-");
  });

  it("/app-shell is only read", async () => {
    const response = await app.request("/app-shell", { method: "POST" }, { ...env, ASSETS: buildFiles().binding });
    expect(response.status).toBe(405);
  });

  it("/sw.js is handed to the build's files as it is, with the security headers it then runs under", async () => {
    const response = await app.request("/sw.js", {}, { ...env, ASSETS: buildFiles().binding });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript");
    expect(await response.text()).toBe(SERVICE_WORKER_SOURCE);
    // Same-origin fetches only: what the service worker does (common/offline.ts) needs nothing more.
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
  });
});
