import { CATEGORY_PARAM } from "./catalog";

/** The home page's first-screen picture: the page shows it, and the worker preloads it (worker/services/landing/content.ts). */
export const HOME_HERO_IMAGE = "/images/home/hero.svg";

/** A drink's page, as the app routes it and the worker serves it (`:id` is the drink's id). */
export const PRODUCT_PAGE_PATH = "/categories/:categoryId/products/:id";

/** The address of one drink's page: PRODUCT_PAGE_PATH with the drink's category and id filled in. */
export function productPagePath(drink: { categoryId: string; id: string }): string {
  const values: Record<string, string> = { categoryId: drink.categoryId, id: drink.id };
  return PRODUCT_PAGE_PATH.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
}

/**
 * The attribute on `#root` that says it holds the app's own HTML (web/prerender-app.tsx), which
 * the browser hydrates rather than rendering the page again (worker/services/landing/page.ts
 * sets it, web/main.tsx reads it).
 */
export const HYDRATE_ATTRIBUTE = "data-hydrate";

/**
 * The query parameters a page's HTML depends on (the menu's category). The worker renders and
 * keeps a page under its path and these alone: any other parameter (a campaign's tag, a
 * cache-buster, the app's own `?payment=` or `?auth=`, read in the browser after the page has
 * loaded) gets the same page and the same cache entry. A parameter a page starts to render by (a
 * shop, say) joins this list.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = [CATEGORY_PARAM];

/**
 * The attribute on `#root` carrying the details (JSON, common/shop-details.ts) of the shop the
 * page was rendered for, so the app's first render in the browser draws the same words and the
 * hydration adopts them. Absent on pages rendered for no shop (the home page, a default visit).
 */
export const SHOP_DETAILS_ATTRIBUTE = "data-shop";
