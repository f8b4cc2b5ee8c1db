/**
 * The catalog API's addresses, in one place: the app fetches them, and the worker preloads the
 * very same ones in the landing pages' HTML (worker/services/landing/content.ts). A hint whose address
 * differs from the app's request would be downloaded for nothing.
 */
export const catalogPaths = {
  categories: () => "/api/categories",
  categoryProducts: (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/products`,
  product: (categoryId: string, productId: string) =>
    `/api/categories/${encodeURIComponent(categoryId)}/products/${encodeURIComponent(productId)}`,
  featuredProducts: () => "/api/products/featured",
};

/**
 * How long a browser keeps a catalog answer without asking again (the API's `max-age`, see
 * worker/services/catalog-cache.ts). The app's copy counts as fresh for as long: fetching it again
 * sooner would get the same answer from the browser's cache, and re-render the page for nothing.
 */
export const CATALOG_BROWSER_MAX_AGE_SECONDS = 30;
