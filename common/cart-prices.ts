/**
 * `POST /api/cart-prices`: a cart's lines priced at one shop, each answered in order with its price
 * there or why that shop cannot make it. The cart asks when it moves to another shop; the server
 * still prices the order itself when it is placed.
 */
export const CART_PRICES_PATH = "/api/cart-prices";

/** Why a shop cannot make a cart line: it does not sell the drink (or an option), it is sold out there, or it is unknown. */
export const CART_LINE_UNAVAILABLE = ["not_sold", "sold_out", "unknown"] as const;
export type CartLineUnavailable = (typeof CART_LINE_UNAVAILABLE)[number];

export interface CartPricesRequest {
  locationId: string;
  lines: { productId: string; size: string; optionIds: string[] }[];
}

export interface CartPricesResponse {
  lines: ({ unitPriceCents: number } | { unavailable: CartLineUnavailable })[];
}
