/** A cart priced at a shop, line by line (common/cart-prices.ts): reads only. */
import { isSoldOut } from "#common/availability";
import type { CartLinePrice } from "#common/cart-prices";
import { priceLineAtShop } from "#common/line-price";
import type { ProductSize } from "#common/catalog";
import type { Database } from "#worker/db/client";
import { drinksForPricing } from "#worker/services/catalog";
import { soldOutAt, soldOutOptionsAt } from "#worker/services/shop/state";
import type { ShopMenu } from "./rules";

export interface CartLineAsked {
  productId: string;
  size: ProductSize;
  optionIds?: string[];
}

/**
 * Each line's price at `shop` as an order placed now would be priced (common/line-price.ts), or
 * why the shop cannot make it. At most a cart's lines (ORDER_LIMITS.maxLines): the IN list stays
 * well inside D1's bound-value limit.
 */
export async function cartPricesAt(db: Database, shop: ShopMenu, lines: CartLineAsked[]): Promise<CartLinePrice[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const [drinks, soldOut, soldOutOptionRows] = await Promise.all([
    drinksForPricing(db, productIds),
    soldOutAt(db, shop.shopId),
    soldOutOptionsAt(db, shop.shopId),
  ]);
  const soldOutOptions = new Set(soldOutOptionRows.map((row) => row.optionId));
  return lines.map((line): CartLinePrice => {
    const answer = priceLineAtShop(shop.rules, drinks.get(line.productId), {
      size: line.size,
      modifierIds: line.optionIds,
    });
    switch (answer.kind) {
      case "priced":
        if (isSoldOut(soldOut, line.productId, line.size) || answer.options.some((o) => soldOutOptions.has(o.id)))
          return { unavailable: "sold_out" };
        return { unitPriceCents: answer.unitPriceCents };
      case "not_sold":
      case "option_not_sold":
        return { unavailable: "not_sold" };
      default:
        return { unavailable: "unknown" };
    }
  });
}
