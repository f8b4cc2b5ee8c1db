/**
 * A stamp-card reward on a cart being priced (`POST /api/cart-prices`): what it would take off, or
 * why it cannot be spent, priced by ./reward.ts exactly as the order will be. Reads only; the
 * stamps are spent when the order is placed.
 */
import type { CartRewardDiscount, CartRewardRefusal } from "#common/cart-prices";
import { REWARD_NOT_AVAILABLE } from "#common/loyalty";
import type { Database } from "#worker/db/client";
import { ApiError } from "#worker/lib/errors";
import type { CartLinePriceAtShop } from "#worker/services/shop/menu/cart-prices";
import { applyReward } from "./reward";

export interface CartReward {
  rewardDiscount: CartRewardDiscount | null;
  rewardRefusal: CartRewardRefusal | null;
}

export const NO_CART_REWARD: CartReward = { rewardDiscount: null, rewardRefusal: null };

export async function cartReward(
  db: Database,
  cart: { userId: string; reward: { id: string; line: number }; prices: readonly CartLinePriceAtShop[] },
): Promise<CartReward> {
  const chosen = cart.prices[cart.reward.line];
  // A line the shop cannot make is flagged on its own; the reward waits for a line it can cover.
  if (!chosen || !("unitPriceCents" in chosen)) return NO_CART_REWARD;
  const lines = cart.prices.map((line) =>
    "unitPriceCents" in line
      ? { name: "", unitPriceCents: line.unitPriceCents, options: line.options }
      : { name: "", unitPriceCents: 0, options: [] },
  );
  try {
    const applied = await applyReward(db, { reward: cart.reward, userId: cart.userId, lines });
    return {
      rewardDiscount: {
        id: cart.reward.id,
        name: applied.discount.name,
        lineIndex: cart.reward.line,
        amountCents: applied.discount.amountCents,
      },
      rewardRefusal: null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === REWARD_NOT_AVAILABLE) {
      return { rewardDiscount: null, rewardRefusal: { code: REWARD_NOT_AVAILABLE, message: error.message } };
    }
    throw error;
  }
}
