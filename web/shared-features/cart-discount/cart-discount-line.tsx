import { formatCentsOff } from "#common/money";
import type { CartDiscount } from "#common/cart-prices";

/** The row a promo code's discount takes in a summary: "WELCOME10  −$0.75". */
export function CartDiscountLine({ discount, className }: { discount: CartDiscount; className: string }) {
  return (
    <p className={className}>
      <span>{discount.code}</span>
      <span data-testid="cart-discount">{formatCentsOff(discount.amountCents)}</span>
    </p>
  );
}
