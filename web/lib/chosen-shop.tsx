import { createContext, useContext } from "react";
import { SHOP_COOKIE } from "#common/locations";

/**
 * The shop the shopper chose, as the shop cookie names it: the menu's and a drink's queries name
 * it (`?location=`), so they get that shop's prices and drinks, and the worker renders the same
 * shop's page for them (worker/routes/pages.ts). Undefined when none is named: the API then
 * answers the default shop, as the worker's page does.
 */
const PrerenderShopContext = createContext<string | undefined>(undefined);
/** On the server, the shop a page is rendered for (web/prerender-catalog.tsx); in the browser, none. */
export const PrerenderShop = PrerenderShopContext.Provider;

/** The shop the cookie names in the browser; undefined on the server and without one. */
export function chosenShopId(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const cookie = document.cookie.split("; ").find((part) => part.startsWith(`${SHOP_COOKIE}=`));
  const id = cookie ? decodeURIComponent(cookie.slice(SHOP_COOKIE.length + 1)) : "";
  return /^[a-z0-9-]{1,100}$/.test(id) ? id : undefined;
}

/** The chosen shop for a page: the one it is rendered for on the server, the cookie's in the browser. */
export function useChosenShop(): string | undefined {
  return useContext(PrerenderShopContext) ?? chosenShopId();
}
