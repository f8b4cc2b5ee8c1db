import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "#worker/app";
import { forgetLandingAssets } from "#worker/services/landing/assets";

const SHELL = `<!doctype html><html lang="en"><head><title>Squeeze</title></head><body><div id="root"></div></body></html>`;

/** Headers that refuse every change, as those of a response from the ASSETS binding or fetch() do. */
class ImmutableHeaders extends Headers {
  override set(): void {
    throw new TypeError("Can't modify immutable headers.");
  }
  override append(): void {
    throw new TypeError("Can't modify immutable headers.");
  }
  override delete(): void {
    throw new TypeError("Can't modify immutable headers.");
  }
}

function immutable(response: Response): Response {
  Object.defineProperty(response, "headers", { value: new ImmutableHeaders(response.headers) });
  return response;
}

/** The static assets as Cloudflare serves them: the SPA shell for every page, headers immutable. */
const assets = {
  async fetch(input: RequestInfo | URL) {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.pathname === "/landing-assets.json") return immutable(Response.json({}));
    if (url.pathname === "/favicon.svg") {
      return immutable(new Response("<svg/>", { headers: { "content-type": "image/svg+xml" } }));
    }
    return immutable(new Response(SHELL, { headers: { "content-type": "text/html; charset=utf-8", etag: '"shell"' } }));
  },
} as unknown as Fetcher;

/** A request as the edge hands it to the worker: with an execution context for the work after the answer. */
async function request(path: string, method = "GET") {
  const context = createExecutionContext();
  const response = await app.request(
    path,
    { method, headers: { accept: "text/html" } },
    { ...env, ASSETS: assets },
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

afterEach(() => forgetLandingAssets());

describe("pages served from the static assets never answer 500", () => {
  // The worker sees the landing pages and /categories/* first (wrangler.toml run_worker_first),
  // and any path the assets hand back to it.
  const unknownPages = [
    "/categories/fresh-juices",
    "/categories/",
    "/categories/fresh-juices/products",
    "/categories/cat-fresh-juices/products/prd-sunrise-orange/extra",
    "/categories/%2e%2e/products/x",
    "/no-such-page",
  ];
  for (const path of unknownPages) {
    it(`GET ${path} gets the SPA's page (its router shows "not found") with a 404, and the security headers`, async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    });
  }

  for (const path of ["/menu/", "/orders/123", "/about", "/checkout", "/orders", "/contact/"]) {
    it(`GET ${path}, a page the app has, gets the SPA's page with a 200`, async () => {
      const response = await request(path);
      expect(response.status).toBe(200);
      // The shell, or (most pages) the app's own HTML in it, marked for hydration.
      expect(await response.text()).toMatch(/<div id="root"( data-hydrate="")?>/);
    });
  }

  it("a static file the worker hands on keeps its own type and gains the security headers", async () => {
    const response = await request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the landing pages themselves still render", async () => {
    for (const path of ["/", "/menu", "/categories/cat-fresh-juices/products/prd-sunrise-orange"]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'self'");
    }
  });
});

describe("a page answers only GET and HEAD", () => {
  const pages = [
    "/",
    "/menu",
    "/categories/fresh-juices",
    "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    "/about",
    "/checkout",
  ];
  for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
    it(`${method} on a page is 405 with Allow: GET, HEAD`, async () => {
      for (const path of pages) {
        const response = await request(path, method);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
        expect(await response.json()).toMatchObject({ error: { code: "method_not_allowed" } });
      }
    });
  }

  it("HEAD on a page is answered like GET, without a body", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/menu", 200],
      ["/about", 200],
      ["/categories/fresh-juices", 404],
    ] as const) {
      const response = await request(path, "HEAD");
      expect(response.status, path).toBe(status);
      expect(await response.text()).toBe("");
    }
  });
});

describe("the class: no route hands back a response from ASSETS or fetch() as it is", () => {
  const sources = import.meta.glob<string>("../../worker/**/*.{ts,tsx}", {
    query: "?raw",
    import: "default",
    eager: true,
  });

  it("reads the worker's sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it("calls the ASSETS binding only through fetchAsset (worker/lib/assets.ts), which copies the response", () => {
    const offenders = Object.entries(sources)
      .filter(([file]) => !file.endsWith("/worker/lib/assets.ts"))
      .filter(([, source]) => /ASSETS\s*[?!]?\.\s*fetch\b|ASSETS\s*\)\s*\.fetch\b/.test(source))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it("returns no fetch() response unwrapped (a route that proxies one must use mutableResponse)", () => {
    const offenders = Object.entries(sources)
      .filter(([, source]) => /return\s+(await\s+)?fetch\s*\(/.test(source))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
