/**
 * `POST /api/cart-prices`: what each line of a cart costs at a shop, or why that shop cannot make
 * it. The app asks when the shopper switches shop (the cart is re-priced and every line the new
 * shop cannot make is flagged, never dropped silently); the order is priced again when placed.
 */
// The request's schema is common/forms/cart-prices.ts: zod stays out of the cart's code, which
// every page loads.

import type { PromoRefusalCode } from "./promo-codes";

export const CART_PRICES_PATH = "/api/cart-prices";

/**
 * Why the shop cannot make a line: it does not sell the drink or one of its options (`not_sold`),
 * the drink, its size or one of its options is sold out there now (`sold_out`), or the drink, its
 * size or its options are not on the menu as asked (`unknown`).
 */
export const CART_LINE_UNAVAILABLE = ["not_sold", "sold_out", "unknown"] as const;
export type CartLineUnavailable = (typeof CART_LINE_UNAVAILABLE)[number];

/** One line's answer: one drink with its options at that shop, or why it cannot be had there. */
export type CartLinePrice = { unitPriceCents: number } | { unavailable: CartLineUnavailable };

/** What a promo code takes off the cart: together, and each line's share by its place in the request. */
export interface CartDiscount {
  code: string;
  amountCents: number;
  lines: { lineIndex: number; amountCents: number }[];
}

/** Why the code asked for cannot apply to this cart: not an error status here, only at `POST /api/orders`. */
export interface PromoRefusal {
  code: PromoRefusalCode;
  message: string;
}

/** The lines' answers, in the order they were asked; with a code, its discount or why it does not apply. */
export interface CartPricesResponse {
  lines: CartLinePrice[];
  discount?: CartDiscount | null;
  promoRefusal?: PromoRefusal | null;
}
