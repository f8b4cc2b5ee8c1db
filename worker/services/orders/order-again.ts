/** "Order again": an earlier order's drinks as the menu sells them today (reads only). */
import { isSoldOut } from "#common/availability";
import { groupsAtShop, priceLineAtShop } from "#common/line-price";
import { selectionProblems, type ModifierGroup } from "#common/modifiers";
import type { OrderAgainLeftOut, OrderAgainLine, OrderAgainResponse } from "#common/order-again";
import type { Database } from "#worker/db/client";
import { drinksForPricing, productsWithPrices } from "#worker/services/catalog";
import { loadModifierGroups } from "#worker/services/modifiers";
import type { ShopMenu } from "#worker/services/shop/menu/rules";
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
 * The user's order `orderId` as a cart today at the shop `shop` (the one the shopper has chosen
 * now, which may not be the one it was placed at): each line at that shop's price today
 * (common/line-price.ts) with the price it had then; a drink no longer on the menu, not sold at
 * that shop, no longer sold in that size, sold out there now or made with an option no longer
 * offered, not sold or sold out there is left out, with why. Null for another user's order or none.
 */
export async function orderAgain(
  db: Database,
  userId: string,
  orderId: string,
  shop: ShopMenu,
): Promise<OrderAgainResponse | null> {
  const loaded = await loadOrder(db, ownOrder(userId, orderId));
  if (!loaded) return null;
  const productIds = [...new Set(loaded.items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const [rows, groupsOf, soldOut, soldOutOptionRows] = await Promise.all([
    productsWithPrices(db, productIds),
    loadModifierGroups(db),
    soldOutAt(db, shop.shopId),
    soldOutOptionsAt(db, shop.shopId),
  ]);
  const drinks = drinksForPricing(rows, groupsOf);
  const soldOutOptions = new Set(soldOutOptionRows.map((row) => row.optionId));

  const lines: OrderAgainLine[] = [];
  const leftOut: OrderAgainLeftOut[] = [];
  for (const item of loaded.items) {
    const drink = item.productId ? drinks.get(item.productId) : undefined;
    const leave = (reason: OrderAgainLeftOut["reason"], option?: string) =>
      leftOut.push({ name: item.name, size: item.size, reason, ...(option ? { option } : {}) });
    const sizeAnswer = priceLineAtShop(shop.rules, drink, { size: item.size, modifierIds: [] });
    if (!drink || sizeAnswer.kind === "unknown") {
      leave("not_on_menu");
      continue;
    }
    if (sizeAnswer.kind === "not_sold") {
      leave("not_sold_here");
      continue;
    }
    if (sizeAnswer.kind === "size_not_sold") {
      leave("size_not_sold");
      continue;
    }
    if (isSoldOut(soldOut, drink.id, item.size as never)) {
      leave("sold_out");
      continue;
    }
    const notSoldAt = item.optionIds.findIndex((id) => id !== null && shop.rules.optionsNotSold.has(id));
    if (notSoldAt >= 0) {
      leave("not_sold_here", item.options[notSoldAt]?.name);
      continue;
    }
    const chosen = optionsToday(groupsAtShop(shop.rules, drink.modifierGroups), item);
    if ("gone" in chosen) {
      leave("option_gone", chosen.gone);
      continue;
    }
    const answer = priceLineAtShop(shop.rules, drink, { size: item.size, modifierIds: chosen.ids });
    if (answer.kind !== "priced") {
      leave("option_gone");
      continue;
    }
    const soldOutOption = answer.options.find((option) => soldOutOptions.has(option.id));
    if (soldOutOption) {
      leave("sold_out", soldOutOption.name);
      continue;
    }
    lines.push({
      productId: drink.id,
      categoryId: drink.categoryId,
      name: drink.name,
      image: drink.image,
      size: item.size,
      quantity: item.quantity,
      note: item.comment,
      modifierIds: answer.modifierIds,
      options: answer.options,
      unitPriceCents: answer.unitPriceCents,
      previousUnitPriceCents: item.unitPriceCents,
    });
  }
  return { lines, leftOut };
}
