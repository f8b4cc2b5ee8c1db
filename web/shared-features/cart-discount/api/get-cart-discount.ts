import { CART_PRICES_PATH, type CartDiscount, type CartPromoRefusal } from "#common/cart-prices";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { PROMO_REFUSALS } from "#common/promo-codes";
import { apiFetch } from "#web/lib/api-client";
import { isIntegerAtLeast, isRecord, isString } from "#web/lib/guards";

/** What a code does to the cart: its discount, or why it cannot apply (one of the two). */
export interface CartDiscountAnswer {
  discount: CartDiscount | null;
  refusal: CartPromoRefusal | null;
}

function isDiscount(value: unknown): value is CartDiscount {
  return (
    isRecord(value) &&
    isString(value.code) &&
    isIntegerAtLeast(value.amountCents, 0) &&
    Array.isArray(value.lines) &&
    value.lines.every((line) => isRecord(line) && isIntegerAtLeast(line.amountCents, 0))
  );
}

function isRefusal(value: unknown): value is CartPromoRefusal {
  return isRecord(value) && (PROMO_REFUSALS as readonly unknown[]).includes(value.code) && isString(value.message);
}

/** POST /api/cart-prices with a promo code: what the code takes off this cart at this shop, or why it cannot. */
export async function getCartDiscount(request: CartPricesRequest): Promise<CartDiscountAnswer> {
  const body = await apiFetch<unknown>(CART_PRICES_PATH, { method: "POST", json: request });
  if (!isRecord(body)) throw new Error(`Unexpected response from POST ${CART_PRICES_PATH}.`);
  const discount = body.discount ?? null;
  const refusal = body.promoRefusal ?? null;
  if ((discount !== null && !isDiscount(discount)) || (refusal !== null && !isRefusal(refusal)))
    throw new Error(`Unexpected response from POST ${CART_PRICES_PATH}.`);
  return { discount, refusal };
}
