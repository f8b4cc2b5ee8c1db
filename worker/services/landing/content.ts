import { renderAppPage, renderMenuPage, renderProductPage } from "#prerender-catalog";
import { CATEGORY_PARAM, selectCategory } from "#common/catalog";
import { catalogPaths } from "#common/catalog-paths";
import { HOME_HERO_IMAGE } from "#common/landing";
import { getDb } from "#worker/db/client";
import type { Env } from "#worker/env";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "#worker/services/catalog";
import type { Hint } from "./hints";

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

/** `/menu` (with its `?category=`): the categories, the selected one's drinks and their first pictures. */
export async function menuContent(env: Env, url: URL): Promise<LandingContent> {
  const db = getDb(env.DB);
  const categories = await listVisibleCategories(db);
  const selected = selectCategory(categories, url.searchParams.get(CATEGORY_PARAM));
  const products = selected ? ((await listVisibleProducts(db, selected.id)) ?? []) : [];
  const hints: Hint[] = [
    { kind: "data", href: catalogPaths.categories() },
    ...(selected ? [{ kind: "data", href: catalogPaths.categoryProducts(selected.id) } as const] : []),
    ...products.slice(0, FIRST_SCREEN_CARDS).map((product): Hint => ({ kind: "image", href: product.image })),
  ];
  const markup = renderOrSkip(() =>
    renderMenuPage({
      url: url.pathname + url.search,
      categories,
      selected: selected && { categoryId: selected.id, products },
    }),
  );
  return { hints, markup };
}

/** A drink's page: the drink's data and picture, and the page rendered with them. */
export async function productContent(
  env: Env,
  url: URL,
  categoryId: string,
  productId: string,
): Promise<LandingContent> {
  const product = await findVisibleProduct(getDb(env.DB), categoryId, productId);
  if (!product) return MISSING_CONTENT;
  return {
    hints: [
      { kind: "data", href: catalogPaths.product(categoryId, productId) },
      { kind: "image", href: product.image },
    ],
    markup: renderOrSkip(() => renderProductPage({ url: url.pathname + url.search, product })),
  };
}

/**
 * Any other page of the shop (about, contact, franchise, checkout, My orders, an order): the
 * app rendered at its address, heading and layout, with what it shows before the browser's
 * session and cart are known. It needs nothing from D1.
 */
export async function appPageContent(url: URL): Promise<LandingContent> {
  return { hints: [], markup: renderOrSkip(() => renderAppPage({ url: url.pathname + url.search })) };
}
