import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "#worker/env";
import { catalogId } from "#worker/lib/validation";
import { APP_PAGES } from "#common/app-pages";
import { PRODUCT_PAGE_PATH } from "#common/landing";
import type { LandingKind } from "#worker/services/landing/assets";
import {
  appPageContent,
  homeContent,
  menuContent,
  MISSING_CONTENT,
  productContent,
  type LandingContent,
} from "#worker/services/landing/content";
import { landingPage, type LandingPage } from "#worker/services/landing/page";
import { cachedLandingPage } from "#worker/services/landing/page-cache";
import { pageAddress } from "#worker/services/landing/page-address";
import { currentShops } from "#worker/services/catalog-version";
import { pageShopId, rememberedShopId } from "#worker/services/shop/request-shop";
import type { PageShop } from "#worker/services/landing/content";

/**
 * The pages a visit most often starts on, served with hints for what they need at once and,
 * for the menu and a drink, rendered with their data (worker/services/landing/page.ts).
 */

const productParams = z.object({ categoryId: catalogId, id: catalogId });

/** The landing pages' addresses; wrangler.toml's run_worker_first sends them to the worker. */
export const LANDING_PAGE_PATHS = { home: "/", menu: "/menu", product: PRODUCT_PAGE_PATH } as const;

/**
 * The shop's other pages, served as the app's own HTML too, so they paint their heading and
 * layout before the app has run and keep a tap made meanwhile (login and the staff side keep
 * the shell: the staff's code never reaches a shopper's page).
 */
export const OTHER_PAGE_PATHS = {
  about: APP_PAGES.about,
  contact: APP_PAGES.contact,
  partnership: APP_PAGES.partnership,
  checkout: APP_PAGES.checkout,
  orders: APP_PAGES.orders,
  order: APP_PAGES.order,
} as const satisfies Partial<Record<LandingKind, string>>;

/** Runs a write after the answer where the platform offers it (a test's request has no execution context). */
function afterAnswer(c: Context<AppEnv>) {
  return async (write: Promise<unknown>) => {
    let ctx: Pick<ExecutionContext, "waitUntil"> | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    if (ctx) ctx.waitUntil(write);
    else await write;
  };
}

/**
 * The home page is the build's; the menu and a drink's page render with the catalog's data
 * and are kept in the edge's cache under the catalog's version (page-cache.ts), so their
 * content is only asked for when a visit misses.
 */
async function serveLandingPage(
  c: Context<AppEnv>,
  kind: LandingKind,
  content: (shop: PageShop) => Promise<LandingContent>,
) {
  if (!c.env.ASSETS) return c.text("Not found", 404);
  // Rendered and kept under the parameters pages read, whatever else the address carries.
  const url = pageAddress(new URL(c.req.url));
  const shop = await pageShop(c);
  const render = () => landingPage(c.env, url, kind, content(shop));
  const { response, styleHashes, scriptHashes }: LandingPage =
    kind === "home" ? await render() : await cachedLandingPage(c.env, url, shop.cacheKey, render, afterAnswer(c));
  // allowPrerenderedInlines (worker/lib/security-headers.ts) adds them to the page's policy.
  c.set("prerenderedInlineHashes", { styleAttributes: styleHashes, scripts: scriptHashes });
  return response;
}

/**
 * The shop the shop cookie names (the default shop without one, or for a cookie naming no shop
 * there is): its menu is rendered, and the page kept under it, so each shop's visitors get their
 * shop's page at once and no cookie can make a new cache entry.
 */
async function pageShop(c: Context<AppEnv>): Promise<PageShop> {
  let known: Awaited<ReturnType<typeof currentShops>> | undefined;
  try {
    known = await currentShops(c.env.DB);
  } catch {
    known = undefined; // D1 down: the default shop's page, rendered without its data as before
  }
  const id = pageShopId(c, new Set(known?.shops.keys()));
  const details = rememberedShopId(c) === id ? known?.shops.get(id) : undefined;
  // A named shop's page shows its details, so its key carries their fingerprint: an edit of a
  // shop's name, address, phone or delivery reaches its kept pages as soon as the read is renewed.
  return details
    ? { id, named: true, details, cacheKey: `${id}.${known!.digest}` }
    : { id, named: false, cacheKey: "default" };
}

const pages = new Hono<AppEnv>()
  .get(LANDING_PAGE_PATHS.home, (c) => serveLandingPage(c, "home", homeContent))
  .get(LANDING_PAGE_PATHS.menu, (c) =>
    serveLandingPage(c, "menu", (shop) => menuContent(c.env, pageAddress(new URL(c.req.url)), shop)),
  )
  .get(LANDING_PAGE_PATHS.product, (c) => {
    // A malformed address still gets the page (which says "Product not found", with a 404), just no data hints.
    const params = productParams.safeParse(c.req.param());
    return serveLandingPage(
      c,
      "product",
      params.success
        ? (shop) => productContent(c.env, pageAddress(new URL(c.req.url)), shop, params.data.categoryId, params.data.id)
        : () => Promise.resolve(MISSING_CONTENT),
    );
  });

for (const [kind, path] of Object.entries(OTHER_PAGE_PATHS) as [keyof typeof OTHER_PAGE_PATHS, string][])
  pages.get(path, (c) => serveLandingPage(c, kind, (shop) => appPageContent(pageAddress(new URL(c.req.url)), shop)));

export const pagesRouter = pages;
