import { LOCATION_PARAM } from "./locations";

/**
 * The catalog API's addresses, in one place: the app fetches them, and the worker preloads the
 * very same ones in the landing pages' HTML (worker/services/landing/content.ts). A hint whose address
 * differs from the app's request would be downloaded for nothing.
 */
/** `?location=<id>` when a shop is named: the API answers that shop's menu (the default shop's without). */
const atShop = (path: string, location?: string) =>
  location ? `${path}?${LOCATION_PARAM}=${encodeURIComponent(location)}` : path;

export const catalogPaths = {
  categories: (location?: string) => atShop("/api/categories", location),
  categoryProducts: (categoryId: string, location?: string) =>
    atShop(`/api/categories/${encodeURIComponent(categoryId)}/products`, location),
  product: (categoryId: string, productId: string, location?: string) =>
    atShop(`/api/categories/${encodeURIComponent(categoryId)}/products/${encodeURIComponent(productId)}`, location),
  featuredProducts: (location?: string) => atShop("/api/products/featured", location),
};

/**
 * How long a browser keeps a catalog answer without asking again (the API's `max-age`, see
 * worker/services/catalog-cache.ts). The app's copy counts as fresh for as long: fetching it again
 * sooner would get the same answer from the browser's cache, and re-render the page for nothing.
 */
export const CATALOG_BROWSER_MAX_AGE_SECONDS = 30;
