import { CART_PRICES_PATH, type CartRewardDiscount, type CartRewardRefusal } from "#common/cart-prices";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { REWARD_NOT_AVAILABLE } from "#common/loyalty";
import { apiFetch } from "#web/lib/api-client";
import { isIntegerAtLeast, isRecord, isString } from "#web/lib/guards";

/** What the reward takes off this cart, or why the card cannot spend it (one of the two). */
export interface CartRewardAnswer {
  discount: CartRewardDiscount | null;
  refusal: CartRewardRefusal | null;
}

function isRewardDiscount(value: unknown): value is CartRewardDiscount {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.name) &&
    isIntegerAtLeast(value.lineIndex, 0) &&
    isIntegerAtLeast(value.amountCents, 0)
  );
}

function isRewardRefusal(value: unknown): value is CartRewardRefusal {
  return isRecord(value) && value.code === REWARD_NOT_AVAILABLE && isString(value.message);
}

/**
 * POST /api/cart-prices with a reward: the server prices the free drink as the order will be
 * priced (one drink of the line, its paid add-ons charged), so the checkout shows its total.
 */
export async function getCartReward(request: CartPricesRequest): Promise<CartRewardAnswer> {
  const body = await apiFetch<unknown>(CART_PRICES_PATH, { method: "POST", json: request });
  if (!isRecord(body)) throw new Error(`Unexpected response from POST ${CART_PRICES_PATH}.`);
  const discount = body.rewardDiscount ?? null;
  const refusal = body.rewardRefusal ?? null;
  if ((discount !== null && !isRewardDiscount(discount)) || (refusal !== null && !isRewardRefusal(refusal)))
    throw new Error(`Unexpected response from POST ${CART_PRICES_PATH}.`);
  return { discount, refusal };
}
