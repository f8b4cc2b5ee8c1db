import { z } from "zod";
import { ORDER_LIMITS } from "#common/order-limits";
import { orderLineSchema, promoCodeSchema, rewardRequestSchema } from "./checkout";

/**
 * `POST /api/cart-prices`'s body (common/cart-prices.ts): the cart's lines and the shop to price
 * them at, and the promo code or the stamp-card reward to price with them (not both, as an order
 * takes them). A line without `quantity` (a cart asking only for prices) counts once.
 */
export const cartPricesRequestSchema = z
  .object({
    locationId: z.string("Choose a shop").trim().min(1, "Choose a shop").max(100, "Unknown shop"),
    lines: z
      .array(
        orderLineSchema.pick({ productId: true, size: true }).extend({
          optionIds: orderLineSchema.shape.modifierIds,
          quantity: orderLineSchema.shape.quantity.default(1),
        }),
        "Lines must be a list",
      )
      .max(ORDER_LIMITS.maxLines, `A cart can have at most ${ORDER_LIMITS.maxLines} lines`),
    promoCode: promoCodeSchema,
    reward: rewardRequestSchema.optional(),
  })
  .superRefine((cart, context) => {
    if (cart.reward && cart.reward.line >= cart.lines.length) {
      context.addIssue({ code: "custom", path: ["reward", "line"], message: "reward.line names no line of the cart" });
    }
    if (cart.reward && cart.promoCode) {
      context.addIssue({
        code: "custom",
        path: ["reward"],
        message: "A reward and a promo code do not combine: use one of them on this order",
      });
    }
  });
export type CartPricesRequest = z.input<typeof cartPricesRequestSchema>;
