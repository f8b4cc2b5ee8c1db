import { lineTotalCents } from "#common/line-price";
import type { CartItem } from "./cart-store";

/**
 * Total in cents: the sum of price times quantity. Apart from the cart store because only the
 * cart's views use it: the home page's first download does not carry it.
 */
export function cartTotalCents(items: readonly Pick<CartItem, "priceCents" | "quantity">[]): number {
  return items.reduce(
    (total, item) => total + lineTotalCents({ unitPriceCents: item.priceCents, quantity: item.quantity }),
    0,
  );
}
