/** "Order again": an earlier order's drinks as the menu sells them today (reads only). */
import { effectivePriceCents } from "#common/catalog";
import { isSoldOut } from "#common/availability";
import { chosenOptions, selectionProblems, type ModifierGroup } from "#common/modifiers";
import type { OrderAgainLeftOut, OrderAgainLine, OrderAgainResponse } from "#common/order-again";
import type { Database } from "#worker/db/client";
import { productsWithPrices } from "#worker/services/catalog";
import { loadModifierGroups } from "#worker/services/modifiers";
import { soldOutAt, soldOutOptionsAt } from "#worker/services/shop/state";
import { loadOrder, ownOrder, type LoadedItem } from "./loading";

/**
 * The options a line had, as they can be chosen today: the same ids, plus the defaults of a
 * required group the drink gained since (or that an order from before add-ons never had); or the
 * name of the option that is no longer offered with the drink.
 */
function optionsToday(groups: ModifierGroup[], item: LoadedItem): { ids: string[] } | { gone: string } {
  const offered = new Set(groups.flatMap((group) => group.options.map((option) => option.id)));
  const goneAt = item.optionIds.findIndex((id) => id === null || !offered.has(id));
  if (goneAt >= 0) return { gone: item.options[goneAt]?.name ?? "An option" };
  const ids = item.optionIds as string[];
  const missing = selectionProblems(groups, ids).filter((problem) => problem.kind === "too_few");
  const filled = [
    ...ids,
    ...groups
      .filter((group) => missing.some((problem) => problem.groupId === group.id))
      .flatMap((group) => group.options.filter((option) => option.isDefault && !ids.includes(option.id)))
      .map((option) => option.id),
  ];
  const problem = selectionProblems(groups, filled)[0];
  if (problem) return { gone: item.options[problem.index ?? -1]?.name ?? problem.message };
  return { ids: filled };
}

/**
 * The user's order `orderId` as a cart today: each line at today's price (the discounted one where
 * there is one) with the price it had then; a drink no longer on the menu, no longer sold in that
 * size, sold out at the order's location now or made with an option no longer offered or sold out
 * there is left out, with why. Null for another user's
 * order or none.
 */
export async function orderAgain(db: Database, userId: string, orderId: string): Promise<OrderAgainResponse | null> {
  const loaded = await loadOrder(db, ownOrder(userId, orderId));
  if (!loaded) return null;
  const productIds = [...new Set(loaded.items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const [[productRows, priceRows], soldOut, groupsOf, soldOutOptionRows] =
    productIds.length === 0
      ? [[[], []], [], () => [], []]
      : await Promise.all([
          productsWithPrices(db, productIds),
          soldOutAt(db, loaded.row.locationId),
          loadModifierGroups(db),
          soldOutOptionsAt(db, loaded.row.locationId),
        ]);
  const soldOutOptions = new Set(soldOutOptionRows.map((row) => row.optionId));

  const lines: OrderAgainLine[] = [];
  const leftOut: OrderAgainLeftOut[] = [];
  for (const item of loaded.items) {
    const product = productRows.find((row) => row.id === item.productId);
    const price = priceRows.find((row) => row.productId === item.productId && row.size === item.size);
    const reason = !product?.onMenu
      ? "not_on_menu"
      : !price
        ? "size_not_sold"
        : isSoldOut(soldOut, product.id, item.size as never)
          ? "sold_out"
          : null;
    if (reason || !product || !price) {
      leftOut.push({ name: item.name, size: item.size, reason: reason ?? "not_on_menu" });
      continue;
    }
    const groups = groupsOf({ id: product.id, categoryId: product.categoryId });
    const chosen = optionsToday(groups, item);
    if ("gone" in chosen) {
      leftOut.push({ name: item.name, size: item.size, reason: "option_gone", option: chosen.gone });
      continue;
    }
    const options = chosenOptions(groups, chosen.ids);
    const soldOutOption = options.find((option) => soldOutOptions.has(option.id));
    if (soldOutOption) {
      leftOut.push({ name: item.name, size: item.size, reason: "sold_out", option: soldOutOption.name });
      continue;
    }
    lines.push({
      productId: product.id,
      categoryId: product.categoryId,
      name: product.name,
      image: product.image,
      size: item.size,
      quantity: item.quantity,
      note: item.comment,
      modifierIds: chosen.ids,
      options,
      unitPriceCents: effectivePriceCents(price) + options.reduce((sum, option) => sum + option.priceCents, 0),
      previousUnitPriceCents: item.unitPriceCents,
    });
  }
  return { lines, leftOut };
}
