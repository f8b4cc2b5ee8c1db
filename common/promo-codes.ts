/**
 * Promo codes (issue 44): the values both sides share. Each list is defined here once; the
 * database's CHECKs, the worker's refusals and, later, the checkout read them from this file.
 */

/** `percent`: `amount` is percent points off the drinks; `amount`: `amount` is cents off them. */
export const PROMO_KINDS = ["percent", "amount"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** What an order's discount row is for: a promo code now, loyalty rewards next. */
export const DISCOUNT_KINDS = ["promo", "loyalty"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Why a code cannot apply to an order: each is a 409 with its own words. */
export const PROMO_REFUSALS = [
  "promo_unknown",
  "promo_not_started",
  "promo_expired",
  "promo_not_at_shop",
  "promo_min_subtotal",
  "promo_not_applicable",
  "promo_used_up",
  "promo_already_used",
  "promo_first_order_only",
] as const;
export type PromoRefusalCode = (typeof PROMO_REFUSALS)[number];

/** The longest code a shopper can send; the owner's codes are shorter. */
export const PROMO_CODE_MAX_LENGTH = 40;

/** A code as it is stored and compared: trimmed, upper-case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
