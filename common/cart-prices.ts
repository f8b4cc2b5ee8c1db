/**
 * `POST /api/cart-prices`: what each line of a cart costs at a shop, or why that shop cannot make
 * it. The app asks when the shopper switches shop (the cart is re-priced and every line the new
 * shop cannot make is flagged, never dropped silently); the order is priced again when placed.
 */
import { z } from "zod";
import { orderLineSchema } from "./forms/checkout";
import { ORDER_LIMITS } from "./order-limits";

export const CART_PRICES_PATH = "/api/cart-prices";

export const cartPricesRequestSchema = z.object({
  locationId: z.string("Choose a shop").trim().min(1, "Choose a shop").max(100, "Unknown shop"),
  lines: z
    .array(
      orderLineSchema.pick({ productId: true, size: true }).extend({ optionIds: orderLineSchema.shape.modifierIds }),
      "Lines must be a list",
    )
    .max(ORDER_LIMITS.maxLines, `A cart can have at most ${ORDER_LIMITS.maxLines} lines`),
});
export type CartPricesRequest = z.input<typeof cartPricesRequestSchema>;

/**
 * Why the shop cannot make a line: it does not sell the drink or one of its options (`not_sold`),
 * the drink, its size or one of its options is sold out there now (`sold_out`), or the drink, its
 * size or its options are not on the menu as asked (`unknown`).
 */
export const CART_LINE_UNAVAILABLE = ["not_sold", "sold_out", "unknown"] as const;
export type CartLineUnavailable = (typeof CART_LINE_UNAVAILABLE)[number];

/** One line's answer: one drink with its options at that shop, or why it cannot be had there. */
export type CartLinePrice = { unitPriceCents: number } | { unavailable: CartLineUnavailable };

/** The lines' answers, in the order they were asked. */
export interface CartPricesResponse {
  lines: CartLinePrice[];
}
