import { z } from "zod";
import { ORDER_LIMITS } from "#common/order-limits";
import { orderLineSchema, promoCodeSchema } from "./checkout";

/**
 * `POST /api/cart-prices`'s body (common/cart-prices.ts): the cart's lines (with how many of each,
 * for a code's discount) and the shop to price them at, and a promo code to try.
 */
export const cartPricesRequestSchema = z.object({
  locationId: z.string("Choose a shop").trim().min(1, "Choose a shop").max(100, "Unknown shop"),
  lines: z
    .array(
      orderLineSchema
        .pick({ productId: true, size: true })
        .extend({ optionIds: orderLineSchema.shape.modifierIds, quantity: orderLineSchema.shape.quantity.optional() }),
      "Lines must be a list",
    )
    .max(ORDER_LIMITS.maxLines, `A cart can have at most ${ORDER_LIMITS.maxLines} lines`),
  /** A code to price the cart with (the answer's `discount` or `promoRefusal`); blank or left out, none. */
  promoCode: promoCodeSchema.optional(),
});
export type CartPricesRequest = z.input<typeof cartPricesRequestSchema>;
