import { PRODUCT_PAGE_PATH } from "./landing";

/**
 * Every page the app has, as the app routes them (web/app/router.tsx) and as the worker knows
 * them: an address that matches none of these is answered with HTTP 404 and the app's own
 * "Page not found" page (worker/app.ts). A new page is added here first.
 */
export const APP_PAGES = {
  home: "/",
  about: "/about",
  menu: "/menu",
  product: PRODUCT_PAGE_PATH,
  contact: "/contact",
  partnership: "/partnership",
  checkout: "/checkout",
  orders: "/orders",
  order: "/orders/:id",
  account: "/account",
  locations: "/locations",
  location: "/locations/:slug",
  login: "/login",
  staff: "/staff",
  staffMenu: "/staff/menu",
  staffNumbers: "/staff/numbers",
} as const;

/** The path of a child route of the layout ("/about" → "about"; the home page is the index route). */
export const childPath = (path: string) => path.slice(1);

/** Whether `pathname` is one of the app's pages (a ":name" segment matches any one segment). */
export function isAppPage(pathname: string): boolean {
  const segments = trimSlashes(pathname).split("/");
  return Object.values(APP_PAGES).some((pattern) => {
    const wanted = trimSlashes(pattern).split("/");
    return (
      wanted.length === segments.length &&
      wanted.every((part, index) => (part.startsWith(":") ? segments[index] !== "" : part === segments[index]))
    );
  });
}

/** "/orders/" and "/orders" are the same page, as the app's router treats them. */
function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, "");
}
