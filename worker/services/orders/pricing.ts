/** The server's price for a cart: every line priced from D1, never from what the browser sent. */
import { effectivePriceCents } from "#common/catalog";
import { chosenOptions, defaultModifierIds, selectionProblems } from "#common/modifiers";
import type { ValidOrderRequest } from "#common/forms/checkout";
import type { PricedLine } from "#common/orders";
import type { Database } from "#worker/db/client";
import { ApiError } from "#worker/lib/errors";
import { productsWithPrices } from "#worker/services/catalog";
import { loadModifierGroups } from "#worker/services/modifiers";

/**
 * Prices every line from the menu as it is now (the discounted price where there is one, plus
 * its add-on options) and refuses, naming the line, a drink that is not on the menu, a size it
 * is not sold in, or options its groups do not allow (400 on `lines.<i>.modifierIds`).
 */
export async function priceOrderLines(
  db: Database,
  lines: ValidOrderRequest["lines"],
): Promise<{ lines: PricedLine[]; totalCents: number }> {
  // At most ORDER_LIMITS.maxLines ids: each IN list stays well inside D1's bound-value limit.
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const groupsPromise = loadModifierGroups(db);
  const [productRows, priceRows] = await productsWithPrices(db, productIds);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const groupsOf = await groupsPromise;

  const priced = lines.map((line, index): PricedLine => {
    const product = productById.get(line.productId);
    if (!product || !product.onMenu) {
      // One message for a hidden, deleted and unknown drink alike: the catalog answers 404 for
      // all three, so an order must not reveal the name (or the existence) of one it hides.
      throw new ApiError(
        409,
        "item_unavailable",
        `Line ${index + 1}: this drink is no longer on the menu. Remove it from your cart to continue.`,
        `lines.${index}.productId`,
      );
    }
    // A sized drink is sold small/medium/large, an unsized one only as "default", each only where priced.
    const sizeAllowed = product.sizeSelection ? line.size !== "default" : line.size === "default";
    const price = priceRows.find((row) => row.productId === product.id && row.size === line.size);
    if (!sizeAllowed || !price) {
      throw new ApiError(
        409,
        "size_unavailable",
        line.size === "default"
          ? `Line ${index + 1}: choose a size for ${product.name}.`
          : `Line ${index + 1}: ${product.name} is not sold in size ${line.size}.`,
        `lines.${index}.size`,
      );
    }
    const groups = groupsOf(product);
    // A line from before add-ons (no modifierIds) is made with the defaults, as the drink page preselects them.
    const modifierIds = line.modifierIds ?? defaultModifierIds(groups);
    const [problem] = selectionProblems(groups, modifierIds);
    if (problem) {
      throw new ApiError(
        400,
        "invalid_options",
        `Line ${index + 1}: ${problem.message} (${product.name}).`,
        `lines.${index}.modifierIds`,
      );
    }
    const options = chosenOptions(groups, modifierIds).map((option) => ({
      id: option.id,
      name: option.name,
      priceCents: option.priceCents,
      isDefault: option.isDefault,
    }));
    const optionsCents = options.reduce((sum, option) => sum + option.priceCents, 0);
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      size: line.size,
      unitPriceCents:
        effectivePriceCents({
          priceCents: price.priceCents,
          discountedPriceCents: price.discountedPriceCents,
        }) + optionsCents,
      quantity: line.quantity,
      note: line.note,
      options,
    };
  });
  const totalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines: priced, totalCents };
}
