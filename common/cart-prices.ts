/**
 * `POST /api/cart-prices`: what each line of a cart costs at a shop, or why that shop cannot make
 * it, and what a promo code would take off. The app asks when the shopper switches shop (the cart
 * is re-priced and every line the new shop cannot make is flagged, never dropped silently) and
 * when a code is applied; the order is priced again when placed.
 */
import type { REWARD_NOT_AVAILABLE } from "./loyalty";
import type { PromoRefusalCode } from "./promo-codes";

// The request's schema is common/forms/cart-prices.ts: zod stays out of the cart's code, which
// every page loads.

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

/**
 * What the code takes off the drinks the shop can make, spread over the lines: `lineIndex` is the
 * line's place in the request (0-based); only lines with a share are listed, and the shares add
 * up to `amountCents`.
 */
export interface CartDiscount {
  code: string;
  amountCents: number;
  lines: { lineIndex: number; amountCents: number }[];
}

/**
 * Why the code cannot apply, in the words the order would be refused with. Not an error here: the
 * order's 409 is. A guest hears only what the code itself says (unknown, dates, shop, subtotal,
 * drinks); a signed-in shopper also their account's limits.
 */
export interface CartPromoRefusal {
  code: PromoRefusalCode;
  message: string;
}

/**
 * What the stamp-card reward takes off: one drink of the line at `lineIndex`, at its size with its
 * required choices (paid add-ons stay charged), named as the order's discount will be.
 */
export interface CartRewardDiscount {
  id: string;
  name: string;
  lineIndex: number;
  amountCents: number;
}

/** Why the reward cannot be spent on this cart: the order's 409 `reward_not_available`, in words. */
export interface CartRewardRefusal {
  code: typeof REWARD_NOT_AVAILABLE;
  message: string;
}

/**
 * The lines' answers, in the order they were asked; `discount` and `promoRefusal` are null without
 * a code, `rewardDiscount` and `rewardRefusal` without a reward (or for a guest).
 */
export interface CartPricesResponse {
  lines: CartLinePrice[];
  discount: CartDiscount | null;
  promoRefusal: CartPromoRefusal | null;
  rewardDiscount: CartRewardDiscount | null;
  rewardRefusal: CartRewardRefusal | null;
}
