/** The server's price for a cart: every line priced from D1, never from what the browser sent. */
import { priceLineAtShop } from "#common/line-price";
import { drinksSubtotalCents } from "#common/order-total";
import type { ValidOrderRequest } from "#common/forms/checkout";
import type { PricedLine } from "#common/orders";
import type { Database } from "#worker/db/client";
import { ApiError } from "#worker/lib/errors";
import { knownShop } from "#worker/services/shop/known-shop";
import { drinksAtShop } from "#worker/services/shop/menu/drinks-at-shop";

/**
 * Prices every line at the shop `locationId` from the menu as it is now (common/line-price.ts:
 * the shop's own price where it sets one, the sale price where there is one, plus its
 * add-on options) and refuses, naming the line, a drink that is not on the menu (409
 * `item_unavailable`), one the shop does not sell (409 `item_not_sold`, on the drink or the
 * option), a size it is not sold in, or options its groups do not allow (400 on
 * `lines.<i>.modifierIds`). An unknown shop is a 400 naming `locationId`.
 */
export async function priceOrderLines(
  db: Database,
  lines: ValidOrderRequest["lines"],
  locationId: string,
): Promise<{ lines: PricedLine[]; subtotalCents: number }> {
  // At most ORDER_LIMITS.maxLines ids: each IN list stays well inside D1's bound-value limit.
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const { drinks, shop: found } = await drinksAtShop(db, productIds, locationId);
  const shop = knownShop(found, "locationId");

  const priced = lines.map((line, index): PricedLine => {
    const drink = drinks.get(line.productId);
    const answer = priceLineAtShop(shop.rules, drink, line);
    switch (answer.kind) {
      case "unknown":
        // One message for a hidden, deleted and unknown drink alike: the catalog answers 404 for
        // all three, so an order must not reveal the name (or the existence) of one it hides.
        throw new ApiError(
          409,
          "item_unavailable",
          `Line ${index + 1}: this drink is no longer on the menu. Remove it from your cart to continue.`,
          `lines.${index}.productId`,
        );
      case "not_sold":
        throw new ApiError(
          409,
          "item_not_sold",
          `Line ${index + 1}: ${shop.shopName} does not sell ${drink!.name}. Remove it from your cart or choose another shop.`,
          `lines.${index}.productId`,
        );
      case "option_not_sold": {
        const option = drink!.modifierGroups.flatMap((group) => group.options).find((o) => o.id === answer.optionId);
        throw new ApiError(
          409,
          "item_not_sold",
          `Line ${index + 1}: ${shop.shopName} does not offer ${option?.name ?? "this option"} with ${drink!.name}. Choose the drink again with another option.`,
          `lines.${index}.modifierIds.${answer.index}`,
        );
      }
      case "size_not_sold":
        throw new ApiError(
          409,
          "size_unavailable",
          line.size === "default"
            ? `Line ${index + 1}: choose a size for ${drink!.name}.`
            : `Line ${index + 1}: ${drink!.name} is not sold in size ${line.size}.`,
          `lines.${index}.size`,
        );
      case "invalid_options":
        throw new ApiError(
          400,
          "invalid_options",
          `Line ${index + 1}: ${answer.message} (${drink!.name}).`,
          `lines.${index}.modifierIds`,
        );
      case "priced":
        return {
          productId: drink!.id,
          name: drink!.name,
          image: drink!.image,
          size: line.size,
          unitPriceCents: answer.unitPriceCents,
          quantity: line.quantity,
          note: line.note,
          options: answer.options.map((option) => ({
            id: option.id,
            name: option.name,
            priceCents: option.priceCents,
            isDefault: option.isDefault,
          })),
        };
    }
  });
  return { lines: priced, subtotalCents: drinksSubtotalCents(priced) };
}
