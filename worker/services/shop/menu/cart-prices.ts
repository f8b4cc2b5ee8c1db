/** A cart priced at a shop, line by line (common/cart-prices.ts): reads only. */
import { isSoldOut } from "#common/availability";
import type { CartLinePrice, CartLineUnavailable } from "#common/cart-prices";
import { priceLineAtShop } from "#common/line-price";
import type { ProductSize } from "#common/catalog";
import type { Database } from "#worker/db/client";
import { soldOutAt, soldOutOptionsAt } from "#worker/services/shop/state";
import { drinksAtShop } from "./drinks-at-shop";

export interface CartLineAsked {
  productId: string;
  size: ProductSize;
  optionIds?: string[];
}

/** A line as the shop prices it, with its options' ids and prices (what a reward leaves charged). */
export type CartLinePriceAtShop =
  { unitPriceCents: number; options: { id: string; priceCents: number }[] } | { unavailable: CartLineUnavailable };

/** A line's answer as the API says it: its price or why not, without its options. */
export function publicLinePrice(line: CartLinePriceAtShop): CartLinePrice {
  return "unitPriceCents" in line ? { unitPriceCents: line.unitPriceCents } : line;
}

/**
 * Each line's price at the shop `locationId` as an order placed now would be priced
 * (common/line-price.ts), or why the shop cannot make it; null when there is no such shop. At
 * most a cart's lines (ORDER_LIMITS.maxLines): the IN list stays well inside D1's bound-value limit.
 */
export async function cartPricesAt(
  db: Database,
  locationId: string,
  lines: CartLineAsked[],
): Promise<CartLinePriceAtShop[] | null> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const [{ drinks, shop }, soldOut, soldOutOptionRows] = await Promise.all([
    drinksAtShop(db, productIds, locationId),
    soldOutAt(db, locationId),
    soldOutOptionsAt(db, locationId),
  ]);
  if (!shop) return null;
  const soldOutOptions = new Set(soldOutOptionRows.map((row) => row.optionId));
  return lines.map((line): CartLinePriceAtShop => {
    const answer = priceLineAtShop(shop.rules, drinks.get(line.productId), {
      size: line.size,
      modifierIds: line.optionIds,
    });
    switch (answer.kind) {
      case "priced":
        if (isSoldOut(soldOut, line.productId, line.size) || answer.options.some((o) => soldOutOptions.has(o.id)))
          return { unavailable: "sold_out" };
        return {
          unitPriceCents: answer.unitPriceCents,
          options: answer.options.map((option) => ({ id: option.id, priceCents: option.priceCents })),
        };
      case "not_sold":
      case "option_not_sold":
        return { unavailable: "not_sold" };
      default:
        return { unavailable: "unknown" };
    }
  });
}
