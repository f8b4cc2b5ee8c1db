import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "#worker/app";
import { CATALOG_VERSION_TTL_MS } from "#worker/services/catalog-version";
import { forgetLandingAssets } from "#worker/services/landing/assets";
import { forgetRecentPages, PAGE_CACHE_HEADER } from "#worker/services/landing/page-cache";
import { assetsBinding, nextBuild } from "./landing-assets-stub";

const SUNRISE = "/categories/cat-fresh-juices/products/prd-sunrise-orange";
const IMMUNITY = "/categories/cat-wellness-shots/products/prd-immunity-shot";
const SHOTS_MENU = "/menu?category=wellness-shots";

async function visit(path: string, shop?: string) {
  const headers: Record<string, string> = { accept: "text/html" };
  if (shop !== undefined) headers.cookie = `squeeze_shop=${shop}`;
  const response = await app.request(path, { headers }, { ...env, ASSETS: assetsBinding().binding });
  return { status: response.status, html: await response.text(), cached: response.headers.get(PAGE_CACHE_HEADER) };
}

let clock = Date.now() + 3 * 60 * 60 * 1000;

// A fresh worker's first render of a page loads that page's code and may miss its deadline.
beforeAll(async () => {
  for (const path of [SUNRISE, SHOTS_MENU, "/about", "/contact"]) await visit(path);
});

beforeEach(() => {
  forgetLandingAssets();
  forgetRecentPages();
  nextBuild();
  clock += CATALOG_VERSION_TTL_MS + 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
});

describe("the rendered pages of the shop the shop cookie names", () => {
  it("a drink's page shows that shop's price, and one shop's kept page never answers another's visit", async () => {
    const fullerton = await visit(SUNRISE, "loc-fullerton");
    expect(fullerton.status).toBe(200);
    expect(fullerton.cached).toBe("miss");
    expect(fullerton.html).toContain("$7.49");
    expect(fullerton.html).not.toContain("$6.49");
    // Its data hint names the shop, as the app's request for it does.
    expect(fullerton.html).toContain(
      "/api/categories/cat-fresh-juices/products/prd-sunrise-orange?location=loc-fullerton",
    );
    expect((await visit(SUNRISE, "loc-fullerton")).cached).toBe("hit");

    for (const shop of [undefined, "loc-anaheim"]) {
      const anaheim = await visit(SUNRISE, shop);
      expect(anaheim.status).toBe(200);
      expect(anaheim.html, String(shop)).toContain("$6.49");
      expect(anaheim.html, String(shop)).not.toContain("$7.49");
    }
    // And the other way round: Anaheim's kept page does not answer Fullerton's visit.
    forgetRecentPages();
    expect((await visit(SUNRISE, "loc-fullerton")).html).toContain("$7.49");
  });

  it.each([
    ["a shop there is not", "loc-nowhere"],
    ["an empty cookie", ""],
    ["a value that is no id", "LOC%20ANAHEIM"],
    ["a path", "..%2Floc-fullerton"],
  ])("a cookie naming %s gets the default shop's page, from its cache entry", async (_case, value) => {
    const plain = await visit(SUNRISE);
    expect(plain.html).toContain("$6.49");
    const odd = await visit(SUNRISE, value);
    expect(odd.status).toBe(200);
    expect(odd.cached).toBe("hit");
    expect(odd.html).toBe(plain.html);
  });

  it("a drink the shop does not sell is a 404 there, and off its menu", async () => {
    const scottsdale = await visit(IMMUNITY, "loc-scottsdale");
    expect(scottsdale.status).toBe(404);
    // The app's "Product not found" (the page goes out as the app's frame, as for any drink not on the menu).
    expect(scottsdale.html).not.toContain("Immunity Shot");
    const anaheim = await visit(IMMUNITY);
    expect(anaheim.status).toBe(200);
    expect(anaheim.html).toContain("Immunity Shot");

    const scottsdaleMenu = await visit(SHOTS_MENU, "loc-scottsdale");
    expect(scottsdaleMenu.status).toBe(200);
    expect(scottsdaleMenu.html).toContain("products/prd-ginger-shot");
    expect(scottsdaleMenu.html).not.toContain("products/prd-immunity-shot");
    expect((await visit(SHOTS_MENU)).html).toContain("products/prd-immunity-shot");
  });
});

describe("the shop's words in its rendered pages", () => {
  const SCOTTSDALE_PHONE = "+1 480 555 0177";
  const SCOTTSDALE_STREET = "7014 East Camelback Rd, Scottsdale, AZ 85251";

  it.each([SUNRISE, SHOTS_MENU, "/about", "/contact"])(
    "%s paints Scottsdale's phone and address for its cookie, and the business's without one",
    async (path) => {
      const scottsdale = await visit(path, "loc-scottsdale");
      expect(scottsdale.status).toBe(200);
      expect(scottsdale.html).toContain(SCOTTSDALE_PHONE);
      expect(scottsdale.html).toContain("tel:+14805550177");
      expect(scottsdale.html).toContain(SCOTTSDALE_STREET);
      expect(scottsdale.html).not.toContain("+1 714 215 4499");
      // The app's first render reads the same shop from the page, so hydration adopts these words.
      expect(scottsdale.html).toMatch(/<div id="root"[^>]* data-shop="[^"]*Squeeze Scottsdale/);

      const plain = await visit(path);
      expect(plain.html).toContain("+1 714 215 4499");
      expect(plain.html).toContain("512 South Brookhurst st #4 Anaheim, CA, 92804");
      expect(plain.html).not.toContain(SCOTTSDALE_PHONE);
      expect(plain.html).not.toContain("data-shop=");
    },
  );

  it("promises delivery only at a shop that delivers (the drink page's FAQ)", async () => {
    expect((await visit(SUNRISE, "loc-scottsdale")).html).toContain("Squeeze Scottsdale offers pickup only");
    const fullerton = (await visit(SUNRISE, "loc-fullerton")).html;
    expect(fullerton).toContain("Squeeze Fullerton brings your drinks within 60-90 minutes");
    expect(fullerton).not.toContain("offers pickup only");
  });

  it("a change to a shop's phone reaches its kept pages once the shops are read again", async () => {
    expect((await visit(SHOTS_MENU, "loc-scottsdale")).cached).toBe("miss");
    expect((await visit(SHOTS_MENU, "loc-scottsdale")).cached).toBe("hit");
    await env.DB.prepare("UPDATE locations SET phone = '+1 480 555 0199' WHERE id = 'loc-scottsdale'").run();
    try {
      // Within the read's lifetime the kept page still answers; after it, the new phone.
      expect((await visit(SHOTS_MENU, "loc-scottsdale")).html).toContain(SCOTTSDALE_PHONE);
      clock += CATALOG_VERSION_TTL_MS + 1;
      vi.setSystemTime(clock);
      const after = await visit(SHOTS_MENU, "loc-scottsdale");
      expect(after.cached).toBe("miss");
      expect(after.html).toContain("+1 480 555 0199");
      expect(after.html).not.toContain(SCOTTSDALE_PHONE);
    } finally {
      await env.DB.prepare("UPDATE locations SET phone = ? WHERE id = 'loc-scottsdale'").bind(SCOTTSDALE_PHONE).run();
    }
  });
});
