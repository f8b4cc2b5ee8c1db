import { drinksSubtotalCents } from "#common/order-total";
import type { CartItem } from "./cart-store";

/**
 * The cart's drinks in cents, by the same rule as an order's subtotal. Apart from the cart store
 * because only the cart's views use it: the home page's first download does not carry it.
 */
export function cartTotalCents(items: readonly Pick<CartItem, "priceCents" | "quantity">[]): number {
  return drinksSubtotalCents(items.map((item) => ({ unitPriceCents: item.priceCents, quantity: item.quantity })));
}
