import { z } from "zod";
import { ORDER_LIMITS } from "#common/order-limits";
import { orderLineSchema, promoCodeSchema } from "./checkout";

/**
 * `POST /api/cart-prices`'s body (common/cart-prices.ts): the cart's lines and the shop to price
 * them at, and the promo code to price with them. A line without `quantity` (a cart asking only
 * for prices) counts once.
 */
export const cartPricesRequestSchema = z.object({
  locationId: z.string("Choose a shop").trim().min(1, "Choose a shop").max(100, "Unknown shop"),
  lines: z
    .array(
      orderLineSchema
        .pick({ productId: true, size: true })
        .extend({ optionIds: orderLineSchema.shape.modifierIds, quantity: orderLineSchema.shape.quantity.default(1) }),
      "Lines must be a list",
    )
    .max(ORDER_LIMITS.maxLines, `A cart can have at most ${ORDER_LIMITS.maxLines} lines`),
  promoCode: promoCodeSchema,
});
export type CartPricesRequest = z.input<typeof cartPricesRequestSchema>;
