import type { Category, Product } from "./catalog";
import type { ShopDetails } from "./shop-details";

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
    /** The shop the page is for, when the shopper named one (its answers are kept under it). */
    location?: string;
    /** The named shop's details, which the page's words show (the business's without). */
    shop?: ShopDetails;
    categories: Category[];
    selected?: { categoryId: string; products: Product[] };
  }): Promise<string | undefined>;
  /** A drink's page, showing `product`. */
  renderProductPage(page: {
    url: string;
    location?: string;
    shop?: ShopDetails;
    product: Product;
  }): Promise<string | undefined>;
  /**
   * Any other page (about, contact, franchise, checkout, My orders, an order): what it shows
   * before the browser's own state (session, cart) and its data are known: heading and layout.
   */
  renderAppPage(page: { url: string; shop?: ShopDetails }): Promise<string | undefined>;
}
