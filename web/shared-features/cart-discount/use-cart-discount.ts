import { useMemo } from "react";
import type { CartPricesRequest } from "#common/forms/cart-prices";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { useShopId } from "#web/lib/shop-store";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { useCartDiscountQuery } from "./api/get-cart-discount";

function discountRequest(items: CartItem[], locationId: string | null, promoCode: string | undefined) {
  if (!promoCode || !locationId || items.length === 0) return null;
  return {
    locationId,
    promoCode,
    lines: items.map((item) => ({
      productId: item.productId,
      // A stored line's size is checked by the server like the rest of the request.
      size: item.size as CartPricesRequest["lines"][number]["size"],
      quantity: item.quantity,
      optionIds: (item.options ?? []).map((option) => option.id),
    })),
  } satisfies CartPricesRequest;
}

/**
 * The promo code kept with the cart and what the server says it takes off the cart now (or why it
 * cannot apply), for the cart and the checkout alike. The order is priced again when placed.
 * `active: false` asks nothing (a closed cart).
 */
export function useCartDiscount({ active = true }: { active?: boolean } = {}) {
  const items = useCartStore((state) => state.items);
  const cartShopId = useCartStore((state) => state.shopId);
  const promoCode = useCartStore((state) => state.checkoutDetails?.promoCode);
  const chosenShopId = useShopId();
  const statusShopId = useShopStatus((state) => state.status?.locationId ?? null);
  const locationId = cartShopId ?? chosenShopId ?? statusShopId;
  const request = useMemo(
    () => (active ? discountRequest(items, locationId, promoCode) : null),
    [active, items, locationId, promoCode],
  );
  const answer = useCartDiscountQuery(request);
  const current = request ? answer.data : undefined;
  return {
    promoCode: promoCode ?? null,
    /** What the code takes off the drinks now; null without a code, while asking the first time, or refused. */
    discount: current?.discount ?? null,
    refusal: current?.refusal ?? null,
    isChecking: request !== null && answer.isFetching,
    /** The server could not be asked (offline): the order still prices the code when placed. */
    failed: request !== null && answer.isError,
  };
}
