/**
 * A promo code on a cart being priced (`POST /api/cart-prices`): the discount the order would get,
 * or the refusal it would get, as an answer rather than an error. Only the drinks the shop can
 * make count; the order is priced and checked again when placed.
 */
import { eq } from "drizzle-orm";
import type { CartDiscount, CartLinePrice, CartPromoRefusal } from "#common/cart-prices";
import { drinksSubtotalCents } from "#common/order-total";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { quotePromoCode, type PromoCart } from "./quote";

export interface CartPromo {
  discount: CartDiscount | null;
  promoRefusal: CartPromoRefusal | null;
}

export const NO_CART_PROMO: CartPromo = { discount: null, promoRefusal: null };

export async function cartPromo(
  db: Database,
  cart: Pick<PromoCart, "typed" | "account" | "now"> & {
    locationId: string;
    /** The lines as asked, in order. */
    asked: readonly { productId: string; quantity: number }[];
    /** Their prices at the shop, in the same order. */
    prices: readonly CartLinePrice[];
  },
): Promise<CartPromo> {
  const [shop] = await db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.id, cart.locationId));
  if (!shop) return NO_CART_PROMO;
  const lines = cart.asked.map((line, index) => {
    const price = cart.prices[index];
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: price && "unitPriceCents" in price ? price.unitPriceCents : 0,
    };
  });
  const quote = await quotePromoCode(db, { ...cart, shop, lines, subtotalCents: drinksSubtotalCents(lines) });
  if (quote.refusal) return { discount: null, promoRefusal: quote.refusal };
  return { discount: quote.discount, promoRefusal: null };
}
