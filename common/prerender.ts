import type { Category, Product } from "./catalog";

/**
 * What the worker asks of web/prerender-catalog.tsx (through the `#prerender-catalog` import,
 * see package.json): the menu and a drink's page, rendered to HTML with the catalog's data,
 * so a phone paints them before the JavaScript has run. The app hydrates that HTML. Undefined
 * when the page cannot be rendered whole (the shell goes out instead).
 */
export interface CatalogPrerender {
  /** `/menu` (with its `?category=`), showing `categories` and the selected category's drinks. */
  renderMenuPage(page: {
    url: string;
    categories: Category[];
    selected?: { categoryId: string; products: Product[] };
    /** The shop the page is for (`?location=` or the shop cookie); absent for the default shop. */
    locationId?: string | null;
  }): Promise<string | undefined>;
  /** A drink's page, showing `product` (as `locationId`'s shop sells it, when given). */
  renderProductPage(page: { url: string; product: Product; locationId?: string | null }): Promise<string | undefined>;
  /**
   * Any other page (about, contact, franchise, checkout, My orders, an order): what it shows
   * before the browser's own state (session, cart) and its data are known: heading and layout.
   */
  renderAppPage(page: { url: string }): Promise<string | undefined>;
}
