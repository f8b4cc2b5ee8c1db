import { renderAppPage, renderMenuPage, renderProductPage } from "#prerender-catalog";
import { CATEGORY_PARAM, selectCategory } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { HOME_HERO_IMAGE } from "#common/landing";
import { getDb } from "#worker/db/client";
import type { Env } from "#worker/env";
import { CATALOG_AS_IS } from "#common/line-price";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "#worker/services/catalog";
import { loadShopMenu } from "#worker/services/shop/menu/rules";
import type { ShopDetails } from "#common/shop-details";
import type { Hint } from "./hints";

/**
 * The shop a page is rendered for (the shop cookie's, else the default shop; see
 * worker/routes/pages.ts), and whether the shopper named it: only then do the app's catalog
 * requests, and so the page's data hints and first data, name it (`?location=`).
 */
export interface PageShop {
  id: string;
  named: boolean;
  /** The named shop's details, which the page shows (common/shop-details.ts); none for the default shop. */
  details?: ShopDetails;
  /** The part of a kept page's key that says which shop's words it shows (page-cache.ts). */
  cacheKey: string;
}

/** The shop's menu rules; a shop gone since its id was read sells the catalog as is. */
async function shopRules(env: Env, shop: PageShop) {
  return (await loadShopMenu(getDb(env.DB), shop.id))?.rules ?? CATALOG_AS_IS;
}

/** Menu cards whose pictures are in the first screen on a phone (see menu-page.tsx). */
const FIRST_SCREEN_CARDS = 2;

/** What a landing page gets from the catalog: hints for its head, and its first screen as HTML. */
export interface LandingContent {
  hints: Hint[];
  /**
   * The app rendered at this address with its data (web/prerender-catalog.tsx), for `#root` to
   * hydrate. Apart from the hints: a slow render must not cost the page its hints.
   */
  markup?: Promise<string | undefined>;
  /** What the page shows is known not to exist (a drink not on the menu): answered with 404. */
  missing?: boolean;
  /** The shop whose details the markup shows, carried on `#root` for the app's first render (SHOP_DETAILS_ATTRIBUTE). */
  shop?: ShopDetails;
}

/** No data hints and no markup: the page goes out as the app's shell with its code hints. */
export const NO_CONTENT: LandingContent = { hints: [] };

/** A drink the address cannot name (or the catalog does not have): the app's "Product not found", with a 404. */
export const MISSING_CONTENT: LandingContent = { hints: [], missing: true };

/**
 * Renders the page, or leaves it to the app: a rendering failure must not cost the visit its
 * page (the app renders it anyway, a moment later).
 */
async function renderOrSkip(render: () => Promise<string | undefined>): Promise<string | undefined> {
  try {
    return await render();
  } catch (error) {
    console.error("landing page: prerender failed", error);
    return undefined;
  }
}

/** The home page needs no data; the build rendered it. Its hero picture is in the first screen. */
export async function homeContent(): Promise<LandingContent> {
  return { hints: [{ kind: "image", href: HOME_HERO_IMAGE }] };
}

/**
 * `/menu` (with its `?category=`) at the shop: the categories, the selected one's drinks as the
 * shop sells them and their first pictures.
 */
export async function menuContent(env: Env, url: URL, shop: PageShop): Promise<LandingContent> {
  const db = getDb(env.DB);
  const [categories, rules] = await Promise.all([listVisibleCategories(db), shopRules(env, shop)]);
  const selected = selectCategory(categories, url.searchParams.get(CATEGORY_PARAM));
  const products = selected ? ((await listVisibleProducts(db, selected.id, rules)) ?? []) : [];
  const location = shop.named ? shop.id : undefined;
  const hints: Hint[] = [
    { kind: "data", href: catalogPaths.categories(location) },
    ...(selected ? [{ kind: "data", href: catalogPaths.categoryProducts(selected.id, location) } as const] : []),
    ...products.slice(0, FIRST_SCREEN_CARDS).map((product): Hint => ({ kind: "image", href: product.image })),
  ];
  const markup = renderOrSkip(() =>
    renderMenuPage({
      url: url.pathname + url.search,
      location,
      shop: shop.details,
      categories,
      selected: selected && { categoryId: selected.id, products },
    }),
  );
  return { hints, markup, shop: shop.details };
}

/**
 * A drink's page at the shop: the drink's data (the shop's prices and options) and picture, and
 * the page rendered with them; a drink the shop does not sell is the app's "Product not found".
 */
export async function productContent(
  env: Env,
  url: URL,
  shop: PageShop,
  categoryId: string,
  productId: string,
): Promise<LandingContent> {
  const product = await findVisibleProduct(getDb(env.DB), categoryId, productId, await shopRules(env, shop));
  // Not there, or not sold at this shop: the app's page says which, with a 404 (not rendered here:
  // the app asks the API, whose answer names the shops that sell it).
  if (!product || product === "not_sold") return MISSING_CONTENT;
  const location = shop.named ? shop.id : undefined;
  return {
    hints: [
      { kind: "data", href: catalogPaths.product(categoryId, productId, location) },
      { kind: "image", href: product.image },
    ],
    markup: renderOrSkip(() =>
      renderProductPage({ url: url.pathname + url.search, location, shop: shop.details, product }),
    ),
    shop: shop.details,
  };
}

/**
 * Any other page of the shop (about, contact, franchise, checkout, My orders, an order): the
 * app rendered at its address, heading and layout, with what it shows before the browser's
 * session and cart are known. It needs nothing from D1.
 */
export async function appPageContent(url: URL, shop: PageShop): Promise<LandingContent> {
  return {
    hints: [],
    markup: renderOrSkip(() => renderAppPage({ url: url.pathname + url.search, shop: shop.details })),
    shop: shop.details,
  };
}
