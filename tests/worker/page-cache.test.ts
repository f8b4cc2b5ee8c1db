import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopStatus } from "#common/availability";
import { app } from "#worker/app";
import { CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";
import { forgetLandingAssets } from "#worker/services/landing/assets";
import { cachedLandingPage, forgetRecentPages, PAGE_CACHE_HEADER } from "#worker/services/landing/page-cache";
import type { RenderedLandingPage } from "#worker/services/landing/page";
import { api, json } from "./helpers";
import { assetsBinding, nextBuild } from "./landing-assets-stub";
import { createBarista, createSignedInUser } from "./sign-in";
import { jsonPost, resetShop } from "./store-helpers";

const MENU = "/menu?category=smoothies";
// The cache key of a visitor who named no shop (worker/routes/pages.ts): the default shop, unnamed.
const ANAHEIM_BY_DEFAULT = "default";
const DRINK = "/categories/cat-smoothies/products/prd-berry-blast";

/** D1 gone: any read throws. A page answered without D1 proves it was not rendered again. */
const failing = () => {
  throw new Error("D1 is down");
};
const withoutD1 = { ...env, DB: { prepare: failing, batch: failing, withSession: failing } as unknown as D1Database };

async function visit(path: string, { cookie, bindings = env }: { cookie?: string; bindings?: typeof env } = {}) {
  const headers: Record<string, string> = { accept: "text/html" };
  if (cookie) headers.cookie = cookie;
  const response = await app.request(path, { headers }, { ...bindings, ASSETS: assetsBinding().binding });
  return { response, html: await response.text(), cached: response.headers.get(PAGE_CACHE_HEADER) };
}

/** The worker's clock, moved on without waiting; only ever forward, across tests too. */
let clock = Date.now() + 60 * 60 * 1000;
function advanceClock(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}

// A fresh worker's first render of a page loads that page's code and may miss the render's
// deadline (the visit then gets the frame): the worker has served each page once.
beforeAll(async () => {
  for (const path of [MENU, DRINK]) await visit(path);
});

beforeEach(() => {
  forgetLandingAssets();
  nextBuild();
  vi.useFakeTimers({ toFake: ["Date"] });
  // Past the catalog version any earlier test read: each test starts from D1's version.
  advanceClock(CATALOG_VERSION_TTL_MS + 1);
});

afterEach(async () => {
  forgetLandingAssets();
  await resetShop();
});

describe("the menu's and a drink's rendered page, kept at the edge under the catalog's version", () => {
  it.each([
    ["the menu", MENU],
    ["a drink's page", DRINK],
  ])("serves %s's second visit from the cache, without D1, exactly as rendered", async (_case, path) => {
    const first = await visit(path);
    expect(first.response.status).toBe(200);
    expect(first.cached).toBe("miss");
    expect(first.html).toContain("Berry Blast");

    // D1 is down now: the page still comes, whole, so it was not rendered again.
    const second = await visit(path, { bindings: withoutD1 });
    expect(second.cached).toBe("hit");
    expect(second.html).toBe(first.html);
    // Per answer, as on the first: the security headers, the page's own CSP hashes, no browser caching.
    for (const header of ["content-security-policy", "x-content-type-options", "strict-transport-security"])
      expect(second.response.headers.get(header)).toBe(first.response.headers.get(header));
    expect(second.response.headers.get("content-security-policy")).toContain("'unsafe-hashes' 'sha256-");
    expect(second.response.headers.get("cache-control")).toBe("no-cache");
    expect(second.response.headers.get("x-page-inline-hashes")).toBeNull();
  });

  it("serves the page from the edge's cache to an isolate that has not rendered it", async () => {
    const first = await visit(MENU);
    forgetRecentPages();
    const fresh = await visit(MENU, { bindings: withoutD1 });
    expect(fresh.cached).toBe("hit");
    expect(fresh.html).toBe(first.html);
    expect(fresh.response.headers.get("content-security-policy")).toBe(
      first.response.headers.get("content-security-policy"),
    );
    expect(fresh.response.headers.get("cache-control")).toBe("no-cache");
  });

  it("keeps the default shop's page apart from the same shop chosen in the cookie: only the chosen one names it", async () => {
    const unnamed = await visit(MENU);
    expect(unnamed.html).not.toContain("location=loc-anaheim");
    const chosen = await visit(MENU, { cookie: "squeeze_shop=loc-anaheim" });
    expect(chosen.cached).not.toBe("hit");
    expect(chosen.html).toContain("location=loc-anaheim");
    // And back: the visitor without a choice still gets the page that names no shop.
    forgetRecentPages();
    const again = await visit(MENU);
    expect(again.cached).toBe("hit");
    expect(again.html).toBe(unnamed.html);
  });

  it("keeps each address apart: another category is rendered for itself", async () => {
    await visit(MENU);
    const other = await visit("/menu?category=lemonades", { bindings: withoutD1 });
    expect(other.cached).toBe("bypass");
    expect(other.html).not.toContain("Berry Blast");
  });

  it.each([
    ["a campaign's tag", `${MENU}&utm_source=flyer&utm_medium=print`, MENU],
    ["a cache-buster before the category", "/menu?v=123&category=smoothies", MENU],
    ["the category twice (the first one counts)", `${MENU}&category=lemonades`, MENU],
    ["a drink's page with a referral tag", `${DRINK}?ref=instagram`, DRINK],
  ])("serves the same kept page whatever else the address carries: %s", async (_case, path, plain) => {
    const first = await visit(plain);
    expect(first.cached).toBe("miss");
    // D1 is down: only the kept entry can answer, so no new one was made for this address.
    const tagged = await visit(path, { bindings: withoutD1 });
    expect(tagged.cached).toBe("hit");
    expect(tagged.html).toBe(first.html);
    // Nor from the isolate alone: the edge's key ignores the parameter too.
    forgetRecentPages();
    const again = `${path}${path.includes("?") ? "&" : "?"}again=1`;
    expect((await visit(again, { bindings: withoutD1 })).cached).toBe("hit");
  });

  it("renders a page with unknown parameters once, and answers the plain address from that entry", async () => {
    const tagged = await visit(`${MENU}&fbclid=abc123`);
    expect(tagged.cached).toBe("miss");
    expect(tagged.html).toContain("Berry Blast");
    expect(tagged.html).not.toContain("fbclid");
    const plain = await visit(MENU, { bindings: withoutD1 });
    expect(plain.cached).toBe("hit");
    expect(plain.html).toBe(tagged.html);
  });

  it("renders anew after a menu edit, once the isolate has read the new version", async () => {
    expect((await visit(MENU)).cached).toBe("miss");
    await env.DB.prepare("UPDATE products SET name = 'Berry Blast Royale' WHERE id = 'prd-berry-blast'").run();

    // Within the version's TTL the kept page is still served.
    const before = await visit(MENU);
    expect(before.cached).toBe("hit");
    expect(before.html).not.toContain("Berry Blast Royale");

    advanceClock(CATALOG_VERSION_TTL_MS + 1);
    const after = await visit(MENU);
    expect(after.cached).toBe("miss");
    expect(after.html).toContain("Berry Blast Royale");
    expect((await visit(MENU)).cached).toBe("hit");
    const drink = await visit(DRINK);
    expect(drink.html).toContain("Berry Blast Royale");
  });

  it("serves a sold-out mark and a pause at once while the page itself still comes from the cache", async () => {
    const barista = await createBarista();
    const first = await visit(DRINK);
    expect(first.html).not.toContain("Sold out");

    const soldOut = { productId: "prd-berry-blast", size: "all", soldOut: true };
    expect((await jsonPost("/api/staff/availability/sold-out", barista.cookie, soldOut)).status).toBe(200);
    expect((await jsonPost("/api/staff/availability/pause", barista.cookie, { minutes: 30 })).status).toBe(200);

    // The page is the catalog's, which did not change: the same HTML, from the cache, even past the TTL.
    advanceClock(CATALOG_VERSION_TTL_MS + 1);
    const second = await visit(DRINK);
    expect(second.cached).toBe("hit");
    expect(second.html).toBe(first.html);
    // The shop's state is not in it: the page asks GET /api/store (every 15 s), which has the change at once.
    const state = await json<ShopStatus>(await api("/api/store"));
    expect(state.soldOut).toEqual([{ productId: "prd-berry-blast", size: "all" }]);
    expect(state).toMatchObject({ acceptingOrders: false, reason: "paused" });
  });

  it("never keeps anything of a signed-in visitor's: the next visitor gets the guest's page", async () => {
    const shopper = await createSignedInUser({ username: "Priya Secret", email: "priya-secret@example.com" });
    const signedIn = await visit(MENU, { cookie: shopper.cookie });
    expect(signedIn.cached).toBe("miss");
    expect(signedIn.response.headers.get("set-cookie")).toBeNull();
    const guest = await visit(MENU);
    expect(guest.cached).toBe("hit");
    expect(guest.response.headers.get("set-cookie")).toBeNull();
    for (const page of [signedIn.html, guest.html]) {
      expect(page).not.toContain("Priya");
      expect(page).not.toContain("priya-secret");
      expect(page).toContain('aria-label="Sign in"');
    }
  });

  it("never keeps a page that went out without its data, and keeps the whole one once D1 answers", async () => {
    const degraded = await visit(MENU, { bindings: withoutD1 });
    expect(degraded.response.status).toBe(200);
    expect(degraded.cached).toBe("bypass");
    expect(degraded.html).not.toContain("Berry Blast");

    const whole = await visit(MENU);
    expect(whole.cached).toBe("miss");
    expect(whole.html).toContain("Berry Blast");
  });

  it("serves a page kept for another build never: a new deployment renders its own", async () => {
    expect((await visit(MENU)).cached).toBe("miss");
    forgetLandingAssets();
    nextBuild();
    const redeployed = await visit(MENU);
    expect(redeployed.cached).toBe("miss");
    expect(redeployed.html).toContain(`<meta name="build"`);
  });

  it("keeps a drink that is not on the menu as the 404 page it is", async () => {
    const path = "/categories/cat-smoothies/products/prd-nope";
    expect((await visit(path)).response.status).toBe(404);
    const again = await visit(path, { bindings: withoutD1 });
    expect(again.response.status).toBe(404);
    expect(again.cached).toBe("hit");
  });

  it("keeps a render that missed its deadline once it finishes: the next visitor gets the whole page", async () => {
    const url = new URL("http://localhost:5173/about");
    const html = (text: string) =>
      new Response(`<!doctype html><div id="root">${text}</div>`, { headers: { "content-type": "text/html" } });
    let finishRender!: () => void;
    const rendered = new Promise<void>((resolve) => (finishRender = resolve));
    const slowFirstVisit = async (): Promise<RenderedLandingPage> => ({
      response: html(""),
      styleHashes: [],
      scriptHashes: [],
      cacheable: false,
      // The render, still running when the page went out as the frame.
      late: rendered.then(() => ({
        response: html("<h1>About us</h1>"),
        styleHashes: [],
        scriptHashes: ["'sha256-early-taps'"],
        cacheable: true,
      })),
    });
    const kept: Promise<unknown>[] = [];
    const first = await cachedLandingPage(
      env,
      url,
      ANAHEIM_BY_DEFAULT,
      slowFirstVisit,
      async (write) => void kept.push(write),
    );
    expect(first.response.headers.get(PAGE_CACHE_HEADER)).toBe("bypass");
    expect(await first.response.text()).not.toContain("About us");

    finishRender();
    await Promise.all(kept);
    forgetRecentPages();
    const notAgain = () => Promise.reject(new Error("rendered again"));
    const next = await cachedLandingPage(env, url, ANAHEIM_BY_DEFAULT, notAgain, async () => {});
    expect(next.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await next.response.text()).toContain("<h1>About us</h1>");
    expect(next.scriptHashes).toEqual(["'sha256-early-taps'"]);
  });
});
