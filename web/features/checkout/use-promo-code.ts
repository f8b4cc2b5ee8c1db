import { useCallback } from "react";
import { useCartStore } from "#web/lib/cart-store";
import { useCartDiscount } from "#web/shared-features/cart-discount/use-cart-discount";

/**
 * The checkout's promo code: the one kept with the cart, what the server says it takes off now,
 * and applying or removing it. A code the server refuses for this cart is not sent with the
 * order (its words stay under the field until it is removed or the cart changes).
 */
export function usePromoCode() {
  const keep = useCartStore((state) => state.keepCheckoutDetails);
  const cart = useCartDiscount();
  const apply = useCallback((code: string) => keep({ promoCode: code }), [keep]);
  const remove = useCallback(() => keep({ promoCode: undefined }), [keep]);
  const sentCode = cart.promoCode && !cart.refusal ? cart.promoCode : null;
  return {
    ...cart,
    /** The code the order is placed with, or null. */
    sentCode,
    /** What the checkout shows off the drinks: the server's answer for the code it will send. */
    discountCents: sentCode ? (cart.discount?.amountCents ?? 0) : 0,
    apply,
    remove,
  };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
