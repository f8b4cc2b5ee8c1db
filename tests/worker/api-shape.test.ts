import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import _headers from "../../public/_headers?raw";
import { app } from "#worker/app";
import { api } from "./helpers";

describe("errors", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const response = await api("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route for GET /api/nothing-here" },
    });
  });

  it("turns an unexpected failure into a generic 500 without a stack trace, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const brokenDb = {
      prepare() {
        throw new Error("D1_ERROR: database is locked at secretFunction (worker.js:1:2)");
      },
      batch() {
        throw new Error("D1_ERROR: database is locked");
      },
    } as unknown as D1Database;
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request("http://localhost/api/categories?broken"),
      { ...env, DB: brokenDb },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal_error", message: "Something went wrong. Please try again." },
    });
    expect(text).not.toContain("secretFunction");
    expect(text).not.toContain("D1_ERROR");
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe("security headers", () => {
  it("sends a strict CSP, nosniff, frame-ancestors none and HSTS on every API answer", async () => {
    for (const path of ["/api/categories", "/api/nothing-here", "/api/categories/bad%20id/products"]) {
      const response = await api(path);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    }
  });

  it("gives the static files and the SPA shell the same policy as the worker", async () => {
    const response = await api("/api/categories");
    const staticPolicy = _headers.match(/Content-Security-Policy: (.+)/)?.[1]?.trim();
    expect(staticPolicy).toBe(response.headers.get("Content-Security-Policy"));
    const staticHsts = _headers.match(/Strict-Transport-Security: (.+)/)?.[1]?.trim();
    expect(staticHsts).toBe(response.headers.get("Strict-Transport-Security"));
  });

  it("leaves the policies only a page obeys off the API's answers (tests/worker/permissions-policy.test.ts: pages keep them)", async () => {
    for (const path of ["/api/categories", "/api/store", "/api/me", "/api/no-such-thing"]) {
      const response = await api(path);
      expect(response.headers.get("Content-Type"), path).toContain("application/json");
      expect(response.headers.get("Permissions-Policy"), path).toBeNull();
      expect(response.headers.get("Cross-Origin-Opener-Policy"), path).toBeNull();
      expect(response.headers.get("Content-Security-Policy"), path).toContain("default-src 'self'");
    }
  });
});

describe("catalog caching", () => {
  it("lets browsers keep catalog reads briefly and edge nodes long, never stale past a menu change", async () => {
    const response = await api("/api/categories/cat-lemonades/products");
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    expect(cacheControl).toMatch(/(^|[ ,])max-age=\d+/);
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    // The edge's copy is keyed by the menu's version (docs/decisions/0007); a stale one would outlive a change.
    expect(cacheControl).not.toMatch(/stale-while-revalidate/);
    // A strong or weak entity tag, as If-None-Match sends it back.
    expect(response.headers.get("ETag")).toMatch(/^(W\/)?"[^"]+"$/);
  });

  it("answers a repeat read carrying the ETag with a bodiless 304", async () => {
    const first = await api("/api/settings");
    const etag = first.headers.get("ETag")!;
    const repeat = await api("/api/settings", { headers: { "If-None-Match": etag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
  });

  it("serves a repeat read from the edge cache without querying D1", async () => {
    const url = "http://localhost/api/categories/cat-green-detox/products";
    const first = createExecutionContext();
    const fresh = await app.fetch(new Request(url), env, first);
    const drinks = await fresh.json();
    await waitOnExecutionContext(first);

    const untouchable = {
      prepare() {
        throw new Error("D1 should not be queried for a cached read");
      },
      batch() {
        throw new Error("D1 should not be queried for a cached read");
      },
    } as unknown as D1Database;
    const second = createExecutionContext();
    const response = await app.fetch(new Request(url), { ...env, DB: untouchable }, second);
    await waitOnExecutionContext(second);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(drinks);
  });
});
