/** The header's page links, in order (spec section 2). */
export const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About Us", end: false },
  { to: "/menu", label: "Menu", end: false },
  { to: "/contact", label: "Contact Us", end: false },
] as const;

export const FRANCHISE_PATH = "/partnership";
/** In the phone's menu as well as the account menu: a shopper waiting for a drink looks there. */
export const ORDERS_PATH = "/orders";
/** Beside My orders: the shopper's details and stamp card. */
export const ACCOUNT_PATH = "/account";

/** Wider than this, the header shows its links inline and the mobile menu closes itself. */
export const MOBILE_MENU_MAX_WIDTH = 1024;
