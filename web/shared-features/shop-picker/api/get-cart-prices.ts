import { CART_LINE_UNAVAILABLE, CART_PRICES_PATH, type CartPricesResponse } from "#common/cart-prices";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { apiFetch } from "#web/lib/api-client";
import { isIntegerAtLeast, isRecord } from "#web/lib/guards";

function isLinePrice(value: unknown): boolean {
  return (
    isRecord(value) &&
    (isIntegerAtLeast(value.unitPriceCents, 0) ||
      (CART_LINE_UNAVAILABLE as readonly unknown[]).includes(value.unavailable))
  );
}

/** POST /api/cart-prices: each line's price at the shop, or why the shop cannot make it, in the lines' order. */
export async function getCartPrices(request: CartPricesRequest): Promise<CartPricesResponse["lines"]> {
  const body = await apiFetch<unknown>(CART_PRICES_PATH, { method: "POST", json: request });
  if (
    !isRecord(body) ||
    !Array.isArray(body.lines) ||
    body.lines.length !== request.lines.length ||
    !body.lines.every(isLinePrice)
  ) {
    throw new Error(`Unexpected response from POST ${CART_PRICES_PATH}.`);
  }
  return body.lines as CartPricesResponse["lines"];
}
