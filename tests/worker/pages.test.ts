import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APP_LOADER_SCRIPT } from "#common/app-loader";
import { MISSING_PICTURES_SCRIPT } from "#common/drink-pictures";
import { EARLY_TAPS_SCRIPT } from "#common/early-taps";
import { app } from "#worker/app";
import { forgetLandingAssets } from "#worker/services/landing/assets";
import { assetsBinding, nextBuild } from "./landing-assets-stub";

async function page(path: string, assets = assetsBinding()) {
  const response = await app.request(path, { headers: { accept: "text/html" } }, { ...env, ASSETS: assets.binding });
  return { response, html: await response.text() };
}

/** The hints in <head> (the prerendered page may carry React's own preloads in the body). */
const links = (html: string) => html.slice(0, html.indexOf("</head>")).match(/<link [^>]*>/g) ?? [];
const root = (html: string) =>
  html.slice(html.indexOf('<div id="root"'), html.search(/<script (type="module"|data-entry=)/));
/** The app's loader last in <body> (common/app-loader.ts): the entry it adds and the chunks it preloads. */
const loader = (html: string) => {
  const found = /<script data-entry="([^"]*)" data-modules="([^"]*)">([\s\S]*?)<\/script><\/body>/.exec(html);
  return found && { entry: found[1], modules: found[2]!.split(" "), script: found[3] };
};
const policy = (response: Response) => response.headers.get("content-security-policy") ?? "";

/** The CSP source that allows exactly this inline text. */
async function inlineHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
/** The CSP source that lets a browser apply a drink card's tint, as its style attribute has it. */
const tintHash = ([from, to]: [string, string]) => inlineHash(`--tint-from:${from};--tint-to:${to}`);
const dataHints = (html: string) => links(html).filter((tag) => tag.includes('as="fetch"'));
const imageHints = (html: string) => links(html).filter((tag) => tag.includes('as="image"'));

// The first render in a runner loads React's server renderer; on a busy machine that alone can pass
// the render's 150 ms deadline, and the page rightly goes out unrendered. The tests are about the
// pages a warm worker serves, so one render happens before them.
beforeAll(async () => {
  nextBuild();
  await page("/menu");
  await page("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  forgetLandingAssets();
});
// Each test serves a build of its own, so no test is answered from a page another one kept in the cache.
beforeEach(() => nextBuild());
afterEach(() => forgetLandingAssets());

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
    // Its code comes after the first paint: not in the head, but in the loader last in <body>.
    expect(links(html).filter((tag) => tag.includes("modulepreload"))).toEqual([]);
    expect(html).not.toContain('<script type="module"');
    expect(loader(html)).toEqual({
      entry: "/assets/index-abc.js",
      modules: ["/assets/menu-page-2.js", "/assets/query-3.js"],
      script: APP_LOADER_SCRIPT,
    });
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
    // Berry Blast's small size, on sale from $6.99.
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
    expect(links(html).filter((tag) => tag.includes("modulepreload"))).toEqual([]);
    expect(loader(html)?.modules).toEqual(["/assets/product-page-4.js", "/assets/query-3.js"]);
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
    "gives %s, which the app hydrates, the early-tap script first in its head and the app's loader last, allowed by their hashes alone",
    async (_case, path) => {
      const { response, html } = await page(path);
      const head = html.slice(html.indexOf("<head>") + "<head>".length, html.indexOf("</head>"));
      expect(head.startsWith(`<script>${EARLY_TAPS_SCRIPT}</script><script>${MISSING_PICTURES_SCRIPT}</script>`)).toBe(
        true,
      );
      expect(html.match(/<script[ >]/g)).toHaveLength(3);
      expect(loader(html)?.script).toBe(APP_LOADER_SCRIPT);
      const scriptSources = policy(response)
        .match(/script-src ([^;]*)/)?.[1]
        ?.split(" ");
      expect(scriptSources).toEqual([
        "'self'",
        await inlineHash(EARLY_TAPS_SCRIPT),
        await inlineHash(APP_LOADER_SCRIPT),
        await inlineHash(MISSING_PICTURES_SCRIPT),
      ]);
    },
  );

  it("keeps the early-tap script and its hash off a page that goes out without the app's HTML", async () => {
    const failing = () => {
      throw new Error("D1 is down");
    };
    const broken = { ...env, DB: { prepare: failing, batch: failing } as unknown as D1Database };
    const response = await app.request("/menu", {}, { ...broken, ASSETS: assetsBinding().binding });
    const html = await response.text();
    expect(html).not.toContain("<script>");
    // Nothing paints ahead of the app there: its code is asked for at once, as on any other page.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(loader(html)).toBeNull();
    expect(policy(response)).toContain("script-src 'self';");
    // Nor does it wait for a marker it does not have.
    expect(html).not.toContain('rel="expect"');
  });

  it.each(["/menu", "/categories/cat-fresh-juices/products/prd-sunrise-orange", "/about"])(
    "holds %s's first paint until the app's HTML has all arrived: a paint of part of it would move",
    async (path) => {
      const { html } = await page(path);
      expect(links(html)).toContain('<link rel="expect" href="#page-read" blocking="render">');
      // The element it waits for comes right after #root, outside what React hydrates, and once.
      const rootEnd = html.search(/<template id="page-read"><\/template>/);
      expect(html.slice(rootEnd - "</div>".length, rootEnd)).toBe("</div>");
      expect(html.slice(html.indexOf('<div id="root"'), rootEnd)).toContain('<footer class="site-footer">');
      expect(html.match(/id="page-read"/g)).toHaveLength(1);
    },
  );

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
    const ctx = createExecutionContext();
    const api = await app.request("/api/categories", {}, { ...env, ASSETS: assetsBinding().binding }, ctx);
    await waitOnExecutionContext(ctx);
    expect(api.status).toBe(200);
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
    expect(links(html).filter((tag) => tag.includes("modulepreload"))).toEqual([]);
    expect(dataHints(html)).toHaveLength(2);
  });

  it("ignores an asset list of the wrong shape instead of failing the page", async () => {
    const { response, html } = await page(
      "/menu",
      assetsBinding({ landingAssets: { menu: { scripts: "not a list" } } }),
    );
    expect(response.status).toBe(200);
    expect(links(html).filter((tag) => tag.includes("modulepreload"))).toEqual([]);
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

describe("the shop's other pages' HTML", () => {
  const otherPages = [
    ["about", "/about", '<h1 id="about-title">Pressing joy into every cup since'],
    ["contact", "/contact", '<h1 id="contact-title">Say hello</h1>'],
    ["franchise", "/partnership", '<h1 id="partnership-title">Open your own'],
    ["checkout", "/checkout", '<h1 class="checkout-page__title">Checkout</h1>'],
    ["My orders", "/orders", '<h1 class="orders-page__title">My orders</h1>'],
    [
      "an order",
      "/orders/0f8fad5b-d9cb-469f-a165-70867728950e",
      '<h1 class="orders-page__title">Order <!-- -->#0F8FAD5B</h1>',
    ],
  ] as const;

  // A fresh worker's first render of a page loads its code, and may miss the render's deadline
  // (the page then goes out as the shell, as before): the worker has served each page once.
  beforeAll(async () => {
    for (const [, path] of otherPages) await page(path);
  });

  it.each(otherPages)(
    "paints %s's heading and layout from the HTML, for the app to hydrate",
    async (_case, path, heading) => {
      const { response, html } = await page(path);
      expect(response.status).toBe(200);
      const main = root(html);
      expect(main).toMatch(/^<div id="root" data-hydrate=""><a href="#main" class="skip-link">/);
      expect(main).toContain('<header class="site-header">');
      expect(main).toContain(heading);
      expect(main).toContain('<footer class="site-footer">');
      expect(main).not.toContain("page-loading");
      // Its header's buttons keep a tap made before the app runs, as on the landing pages.
      const head = html.slice(html.indexOf("<head>") + "<head>".length, html.indexOf("</head>"));
      expect(head.startsWith(`<script>${EARLY_TAPS_SCRIPT}</script>`)).toBe(true);
      expect(policy(response)).toContain(await inlineHash(EARLY_TAPS_SCRIPT));
    },
  );

  it.each([
    ["checkout", "/checkout", "Loading your order"],
    ["My orders", "/orders", "Loading your orders"],
    ["an order", "/orders/0f8fad5b-d9cb-469f-a165-70867728950e", "Loading your order"],
  ])(
    "shows %s loading, not a guest's sign-in prompt: who is signed in and the cart are the browser's",
    async (_case, path, loading) => {
      const main = root((await page(path)).html);
      expect(main).toContain(loading);
      expect(main).toContain('aria-busy="true"');
      expect(main).not.toMatch(/Sign in to (check out|see your order)/);
      // The skeletons' heights are style attributes: the page's policy allows exactly those.
    },
  );

  it("allows the skeletons' sizes by their hashes, and no other inline style", async () => {
    const { response } = await page("/orders");
    const styleSources = policy(response).match(/style-src ([^;]*)/)?.[1] ?? "";
    expect(styleSources).toContain(await inlineHash("height:140px"));
    expect(styleSources).not.toContain("unsafe-inline");
  });

  it("keeps the shell for sign-in and the staff's pages", async () => {
    for (const path of ["/login", "/staff"]) {
      const { html } = await page(path);
      expect(html).not.toContain("data-hydrate");
      expect(html).not.toContain("<script>");
      expect(html).not.toContain('rel="expect"');
    }
  });
});
