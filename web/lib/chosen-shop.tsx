import { createContext } from "react";
import { SHOP_COOKIE } from "#common/locations";

/**
 * On the server, the shop a landing page is rendered for (the shop cookie's; web/prerender-app.tsx):
 * the page's queries name it as the browser's will (web/lib/shop-store.ts). Undefined in the
 * browser and for the default shop.
 */
export const PrerenderShopContext = createContext<string | undefined>(undefined);
export const PrerenderShop = PrerenderShopContext.Provider;

/** The shop the cookie names in the browser; undefined on the server and without one. */
export function cookieShopId(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const cookie = document.cookie.split("; ").find((part) => part.startsWith(`${SHOP_COOKIE}=`));
  const id = cookie ? decodeURIComponent(cookie.slice(SHOP_COOKIE.length + 1)) : "";
  return /^[a-z0-9-]{1,100}$/.test(id) ? id : undefined;
}
