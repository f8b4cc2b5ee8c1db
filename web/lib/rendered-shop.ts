import { createContext } from "react";
import { SHOP_DETAILS_ATTRIBUTE } from "#common/landing";
import { readShopDetails, type ShopDetails } from "#common/shop-details";

/**
 * The shop whose words the page's HTML was rendered with: given to the render on the server
 * (web/prerender-app.tsx), read back from `#root` in the browser (web/main.tsx), so the app's
 * first render draws the same words and hydration adopts them. Null for a page rendered for no
 * shop (the home page, or before a shop is chosen): the business's words.
 */
export const RenderedShopContext = createContext<ShopDetails | null>(null);
export const RenderedShop = RenderedShopContext.Provider;

/** The details the worker put on `#root`, if any (outside input: checked). */
export function renderedShopOf(root: Element): ShopDetails | null {
  const carried = root.getAttribute(SHOP_DETAILS_ATTRIBUTE);
  if (!carried) return null;
  try {
    return readShopDetails(JSON.parse(carried));
  } catch {
    return null;
  }
}
