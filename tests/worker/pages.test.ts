import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { APP_LOADER_SCRIPT } from "#common/app-loader";
import { EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { app } from "#worker/app";
import type { Env } from "#worker/env";
import { forgetLandingAssets } from "#worker/services/landing/assets";
import { forgetRecentPages } from "#worker/services/landing/page-cache";
import { CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";

// The SPA's built files stand behind the ASSETS binding; the test gives the worker a small
// stand-in for them at that binding: the page shell and the build's list of landing-page code.
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Squeeze</title></head><body><div id="root"></div><script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>`;
const LANDING_ASSETS = {
  home: { scripts: ["/assets/home-page-1.js"], styles: ["/assets/home-page-1.css"] },
  menu: { scripts: ["/assets/menu-page-2.js", "/assets/query-3.js"], styles: ["/assets/menu-page-2.css"] },
  product: { scripts: ["/assets/product-page-4.js", "/assets/query-3.js"], styles: ["/assets/product-page-4.css"] },
};

function assetsBinding({ landingAssets = LANDING_ASSETS as unknown, shell = SHELL } = {}) {
  const requested: string[] = [];
  const binding = {
    async fetch(input: RequestInfo | URL) {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      requested.push(url.pathname);
      if (url.pathname === "/landing-assets.json") {
        return landingAssets === null
          ? new Response(SHELL, { headers: { "content-type": "text/html" } })
          : Response.json(landingAssets);
      }
      return new Response(shell, { headers: { "content-type": "text/html; charset=utf-8", etag: '"shell-1"' } });
    },
  };
  return { binding: binding as unknown as Fetcher, requested };
}

/** A deployment of the worker, which the rendered pages' cache keys carry. */
const deployment = (id: string = crypto.randomUUID()) => ({ CF_VERSION_METADATA: { id, tag: "", timestamp: "" } });

/**
 * A browser's visit to `path`; what the worker keeps for later (the page's cache entry) is done
 * when it returns. Each visit is of a deployment of its own unless `bindings` say otherwise, so
 * a page one test kept is not what another test reads.
 */
async function page(path: string, assets = assetsBinding(), bindings: Partial<Env> = deployment()) {
  for (let attempt = 1; ; attempt += 1) {
    const context = createExecutionContext();
    const response = await app.request(
      path,
      { headers: { accept: "text/html" } },
      { ...env, ASSETS: assets.binding, ...bindings },
      context,
    );
    const html = await response.text();
    await waitOnExecutionContext(context);
    // On a busy machine a render can miss its deadline (the page then rightly goes out
    // unrendered, which other tests check): a page these tests expect rendered gets two more tries.
    const unrendered = response.status === 200 && RENDERED_PATH.test(path) && !html.includes("data-hydrate");
    if (!unrendered || attempt === 3) return { response, html };
  }
}
/** The pages the worker renders with their data. */
const RENDERED_PATH = /^\/(menu|categories\/)/;

/** The hints in <head> (the prerendered page may carry React's own preloads in the body). */
const links = (html: string) => html.slice(0, html.indexOf("</head>")).match(/<link [^>]*>/g) ?? [];
const root = (html: string) => {
  const start = html.indexOf('<div id="root"');
  return html.slice(start, html.indexOf("<script", start));
};
/** The modules the app's loader adds once the first screen is painted (its data-modules attribute). */
const loaderModules = (html: string) => /<script data-modules="([^"]*)">/.exec(html)?.[1]?.split(" ");
const policy = (response: Response) => response.headers.get("content-security-policy") ?? "";

/** The CSP source that allows exactly this inline text. */
async function inlineHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
/** The CSP source that lets a browser apply a drink card's tint, as its style attribute has it. */
const tintHash = ([from, to]: [string, string]) => inlineHash(`--tint-from:${from};--tint-to:${to}`);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dataHints = (html: string) => links(html).filter((tag) => tag.includes('as="fetch"'));
const imageHints = (html: string) => links(html).filter((tag) => tag.includes('as="image"'));

afterEach(() => forgetLandingAssets());

// A fresh worker's first render of a page loads its code, which on a busy machine can take longer
// than the render's deadline (the page then goes out unrendered, as it should): warm it first.
beforeAll(async () => {
  await page("/menu");
  await page("/categories/cat-fresh-juices/products/prd-sunrise-orange");
});

describe("landing pages' HTML", () => {
  it("gives /menu the first category's data, its first pictures and the menu's code, in the head", async () => {
    const { response, html } = await page("/menu");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(dataHints(html)).toEqual([
      '<link rel="preload" as="fetch" href="/api/categories" crossorigin>',
      '<link rel="preload" as="fetch" href="/api/categories/cat-fresh-juices/products" crossorigin>',
    ]);
    expect(imageHints(html)).toEqual([
      '<link rel="preload" as="image" href="/images/drinks/sunrise-orange.svg" fetchpriority="high">',
      '<link rel="preload" as="image" href="/images/drinks/ruby-grapefruit.svg" fetchpriority="high">',
    ]);
    expect(links(html)).toContain('<link rel="stylesheet" href="/assets/menu-page-2.css" crossorigin>');
    // The code comes after the first paint: no module script or preload in the HTML, the loader names them.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(loaderModules(html)).toEqual(["/assets/index-abc.js", "/assets/menu-page-2.js", "/assets/query-3.js"]);
  });

  it("paints the menu from the HTML: the categories and the selected one's drinks, tinted, before any script runs", async () => {
    const { response, html } = await page("/menu?category=smoothies");
    const menu = root(html);
    // The app's own HTML, for the browser to hydrate.
    expect(menu).toMatch(/^<div id="root" data-hydrate=""><a href="#main" class="skip-link">/);
    expect(menu).toContain("<h1>Our Menu</h1>");
    expect(menu).toMatch(/aria-current="true"[^>]*>.*?<span>Smoothies<\/span>/);
    for (const name of ["Berry Blast", "Mango Tango", "Peanut Butter Power"]) expect(menu).toContain(name);
    expect(menu).not.toContain("Sunrise Orange");
    // Berry Blast's small size, discounted from $6.99.
    expect(menu).toMatch(/\$5\.99[\s\S]*\$6\.99/);
    // Each card's tint is a style attribute: the policy allows exactly those, and still no other inline style.
    const styleSources = policy(response).match(/style-src ([^;]*)/)?.[1] ?? "";
    expect(styleSources).toContain("'unsafe-hashes'");
    expect(styleSources).toContain(await tintHash(["#C06C84", "#6C5B7B"]));
    expect(styleSources).toContain(await tintHash(["#FFC857", "#FF8C42"]));
    expect(styleSources).not.toContain(await tintHash(["#FFB347", "#FF7A00"]));
    expect(styleSources).not.toContain("unsafe-inline");
  });

  it("follows ?category= to the category the menu will show, and the first one for an unknown slug", async () => {
    expect(dataHints((await page("/menu?category=smoothies")).html)[1]).toContain(
      'href="/api/categories/cat-smoothies/products"',
    );
    expect(dataHints((await page("/menu?category=no-such-thing")).html)[1]).toContain(
      'href="/api/categories/cat-fresh-juices/products"',
    );
  });

  it("gives a drink's page that drink's data and picture", async () => {
    const { response, html } = await page("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    expect(response.status).toBe(200);
    expect(dataHints(html)).toEqual([
      '<link rel="preload" as="fetch" href="/api/categories/cat-fresh-juices/products/prd-sunrise-orange" crossorigin>',
    ]);
    expect(imageHints(html)).toEqual([
      '<link rel="preload" as="image" href="/images/drinks/sunrise-orange.svg" fetchpriority="high">',
    ]);
    expect(loaderModules(html)).toEqual(["/assets/index-abc.js", "/assets/product-page-4.js", "/assets/query-3.js"]);
  });

  it("paints a drink's page from the HTML: its name, picture, sizes and price, tinted", async () => {
    const { response, html } = await page("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    const drink = root(html);
    expect(drink).toMatch(/^<div id="root" data-hydrate="">/);
    expect(drink).toContain('<h1 class="product-details__name">Sunrise Orange</h1>');
    expect(drink).toContain('src="/images/drinks/sunrise-orange.svg"');
    expect(drink).toContain("$5.49");
    expect(drink).toMatch(/aria-pressed="true"[^>]*><span class="size-picker__name">Small</);
    expect(drink).toContain("Orange, blood orange");
    expect(policy(response)).toContain(await tintHash(["#FFB347", "#FF7A00"]));
  });

  it.each([
    ["an unknown drink", "/categories/cat-fresh-juices/products/prd-nope"],
    ["a hidden drink", "/categories/cat-fresh-juices/products/prd-secret-menu"],
    ["a drink of a hidden category", "/categories/cat-seasonal/products/prd-pumpkin-spice"],
    ["a malformed address", "/categories/%3Cscript%3E/products/%22onload%3D"],
  ])(
    "still serves the page for %s (the app says it is not found) with a 404, and no data hints",
    async (_case, path) => {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(dataHints(html)).toEqual([]);
      expect(imageHints(html)).toEqual([]);
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("onload=");
      // Nothing to paint ahead of the app, which says so itself; the policy keeps refusing inline styles.
      expect(root(html)).toBe('<div id="root"></div>');
      expect(policy(response)).toContain("style-src 'self';");
      expect(policy(response)).toContain("script-src 'self';");
    },
  );

  it.each([
    ["the menu", "/menu"],
    ["a category of the menu", "/menu?category=smoothies"],
    ["a drink's page", "/categories/cat-fresh-juices/products/prd-sunrise-orange"],
  ])(
    "gives %s, which the app hydrates, the early-tap script first in its head and the app's loader last in its body, allowed by their hashes alone",
    async (_case, path) => {
      const { response, html } = await page(path);
      const head = html.slice(html.indexOf("<head>") + "<head>".length, html.indexOf("</head>"));
      expect(head.startsWith(`<script>${EARLY_TAPS_SCRIPT}</script>`)).toBe(true);
      expect(html.match(/<script[ >]/g)).toHaveLength(2);
      expect(html).toMatch(
        new RegExp(`<script data-modules="[^"]*">${escapeRegExp(APP_LOADER_SCRIPT)}</script></body>`),
      );
      expect(loaderModules(html)?.[0]).toBe("/assets/index-abc.js");
      const scriptSources = policy(response)
        .match(/script-src ([^;]*)/)?.[1]
        ?.split(" ");
      expect(scriptSources).toEqual([
        "'self'",
        await inlineHash(EARLY_TAPS_SCRIPT),
        await inlineHash(APP_LOADER_SCRIPT),
      ]);
    },
  );

  it("keeps the early-tap script and its hash off a page that goes out without the app's HTML", async () => {
    const failing = () => {
      throw new Error("D1 is down");
    };
    const broken = { ...env, DB: { prepare: failing, batch: failing } as unknown as D1Database };
    const response = await app.request("/menu", {}, { ...broken, ASSETS: assetsBinding().binding });
    expect(await response.text()).not.toContain("<script>");
    expect(policy(response)).toContain("script-src 'self';");
  });

  it("gives the home page its first-screen picture and its code", async () => {
    const { html } = await page("/");
    expect(imageHints(html)).toEqual([
      '<link rel="preload" as="image" href="/images/home/hero.svg" fetchpriority="high">',
    ]);
    expect(links(html)).toContain('<link rel="modulepreload" href="/assets/home-page-1.js">');
  });

  it("is never cached as the shell file: no ETag, revalidated every time, with the security headers", async () => {
    const { response } = await page("/menu");
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // The prerendered tints widen only the landing page's own policy, not the API's.
    const api = await app.request("/api/categories", {}, { ...env, ASSETS: assetsBinding().binding });
    expect(policy(api)).toContain("style-src 'self';");
  });

  it("reads the build's list of page code once, and serves data hints without it (vite dev has none)", async () => {
    const assets = assetsBinding();
    await page("/menu", assets);
    await page("/", assets);
    expect(assets.requested.filter((path) => path === "/landing-assets.json")).toHaveLength(1);

    forgetLandingAssets();
    const { response, html } = await page("/menu", assetsBinding({ landingAssets: null }));
    expect(response.status).toBe(200);
    expect(loaderModules(html)).toEqual(["/assets/index-abc.js"]);
    expect(dataHints(html)).toHaveLength(2);
  });

  it("ignores an asset list of the wrong shape instead of failing the page", async () => {
    const { response, html } = await page(
      "/menu",
      assetsBinding({ landingAssets: { menu: { scripts: "not a list" } } }),
    );
    expect(response.status).toBe(200);
    expect(loaderModules(html)).toEqual(["/assets/index-abc.js"]);
  });

  it("serves the page without data hints when the catalog cannot be read", async () => {
    const failing = () => {
      throw new Error("D1 is down");
    };
    const broken = { ...env, DB: { prepare: failing, batch: failing } as unknown as D1Database };
    const response = await app.request("/menu", {}, { ...broken, ASSETS: assetsBinding().binding });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(dataHints(html)).toEqual([]);
    expect(root(html)).toBe('<div id="root"></div>');
  });
});

describe("the rendered menu and drink pages, kept at the edge under the catalog's version", () => {
  const shellReads = (assets: ReturnType<typeof assetsBinding>) =>
    assets.requested.filter((path) => path === "/").length;
  /** The worker's clock, moved on without waiting (the isolate re-reads the catalog's version after its TTL). */
  let clock = Date.now();
  const passVersionTtl = () => {
    clock += CATALOG_VERSION_TTL_MS + 1;
    vi.setSystemTime(clock);
  };
  const broken = () => {
    const failing = () => {
      throw new Error("D1 is down");
    };
    return { prepare: failing, batch: failing, withSession: () => ({ prepare: failing }) } as unknown as D1Database;
  };

  afterEach(() => vi.useRealTimers());

  it.each([
    ["the menu", "/menu"],
    ["a category of the menu", "/menu?category=smoothies"],
    ["a drink's page", "/categories/cat-fresh-juices/products/prd-sunrise-orange"],
  ])(
    "answers a repeat visit of %s from the cache: the same page and policy, without the shell read again",
    async (_case, path) => {
      const assets = assetsBinding();
      const release = deployment();
      const first = await page(path, assets, release);
      const reads = shellReads(assets);
      const repeat = await page(path, assets, release);
      expect(repeat.response.status).toBe(200);
      expect(repeat.html).toBe(first.html);
      expect(policy(repeat.response)).toBe(policy(first.response));
      expect(shellReads(assets)).toBe(reads);
      // Still revalidated by the browser, and nothing of the cache's bookkeeping reaches it.
      expect(repeat.response.headers.get("cache-control")).toBe("no-cache");
      expect([...repeat.response.headers.keys()].filter((name) => name.startsWith("squeeze-"))).toEqual([]);
    },
  );

  it("answers from the data centre's cache an isolate that has not served the page yet", async () => {
    const release = deployment();
    const path = "/categories/cat-fresh-juices/products/prd-sunrise-orange";
    const first = await page(path, assetsBinding(), release);
    forgetRecentPages();
    const assets = assetsBinding();
    const repeat = await page(path, assets, release);
    expect(repeat.html).toBe(first.html);
    expect(policy(repeat.response)).toBe(policy(first.response));
    expect(shellReads(assets)).toBe(0);
    expect([...repeat.response.headers.keys()].filter((name) => name.startsWith("squeeze-"))).toEqual([]);
    expect(repeat.response.headers.get("cache-control")).toBe("no-cache");
  });

  it("keeps each category apart", async () => {
    const release = deployment();
    const juices = await page("/menu", assetsBinding(), release);
    const smoothies = await page("/menu?category=smoothies", assetsBinding(), release);
    expect(root(juices.html)).toContain("Sunrise Orange");
    expect(root(smoothies.html)).not.toContain("Sunrise Orange");
    expect(root(smoothies.html)).toContain("Berry Blast");
  });

  it("shows an edited menu once the isolate has read the new version, and the kept page until then", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    passVersionTtl();
    const release = deployment();
    const path = "/menu?category=smoothies";
    expect(root((await page(path, assetsBinding(), release)).html)).toContain("Berry Blast<");
    await env.DB.prepare("UPDATE products SET name = 'Berry Blast Royale' WHERE id = 'prd-berry-blast'").run();
    try {
      expect(root((await page(path, assetsBinding(), release)).html)).not.toContain("Berry Blast Royale");
      passVersionTtl();
      const edited = await page(path, assetsBinding(), release);
      expect(root(edited.html)).toContain("Berry Blast Royale");
      // And that page is kept in its turn.
      const assets = assetsBinding();
      expect((await page(path, assets, release)).html).toBe(edited.html);
      expect(shellReads(assets)).toBe(0);
    } finally {
      await env.DB.prepare("UPDATE products SET name = 'Berry Blast' WHERE id = 'prd-berry-blast'").run();
      passVersionTtl();
    }
  });

  it("renders anew for a new deployment, with that deployment's code", async () => {
    const path = "/categories/cat-fresh-juices/products/prd-sunrise-orange";
    await page(path, assetsBinding(), deployment("release-1"));
    const next = assetsBinding({ shell: SHELL.replace("index-abc.js", "index-def.js") });
    const { html } = await page(path, next, deployment("release-2"));
    expect(shellReads(next)).toBe(1);
    expect(loaderModules(html)?.[0]).toBe("/assets/index-def.js");
  });

  it("keeps nothing of a page that went out without its render: the next visit renders it", async () => {
    const release = deployment();
    vi.useFakeTimers({ toFake: ["Date"] });
    passVersionTtl();
    const failed = await page("/menu", assetsBinding(), { ...release, DB: broken() });
    expect(root(failed.html)).toBe('<div id="root"></div>');
    passVersionTtl();
    const next = await page("/menu", assetsBinding(), release);
    expect(root(next.html)).toContain("Sunrise Orange");
  });

  it("does not keep a drink that is not on the menu", async () => {
    const release = deployment();
    const path = "/categories/cat-fresh-juices/products/prd-nope";
    await page(path, assetsBinding(), release);
    const assets = assetsBinding();
    const again = await page(path, assets, release);
    expect(again.response.status).toBe(404);
    expect(shellReads(assets)).toBe(1);
  });
});
