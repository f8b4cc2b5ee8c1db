/**
 * What a line costs at a shop: the one rule the drink page, the cart, the checkout and the
 * server all follow. A shop may set its own price for a drink's size or an add-on option and
 * may not sell some drinks or options (seed/shop-menu.sql); where it sets nothing, the catalog
 * stands. The catalog API answers a shop's menu with its rules applied (`productAtShop`), so the
 * browser prices from what it was given with `unitPriceCents`; the server applies the rules to
 * the catalog in D1 and prices with the same function (`priceLineAtShop`).
 */
import { effectivePriceCents, type Price, type Product, type ProductSize } from "./catalog";
import {
  chosenOptions,
  defaultModifierIds,
  selectionProblems,
  type ModifierGroup,
  type ModifierOption,
} from "./modifiers";

/** What one shop sets apart from the catalog. */
export interface ShopMenuRules {
  /** A drink size's whole price at the shop (its sale price included), by `sizePriceKey`. */
  sizePrices: ReadonlyMap<string, Price>;
  /** An option's price at the shop, by option id. */
  optionPrices: ReadonlyMap<string, number>;
  drinksNotSold: ReadonlySet<string>;
  optionsNotSold: ReadonlySet<string>;
}

/** A shop that sells the whole catalog at the catalog's prices. */
export const CATALOG_AS_IS: ShopMenuRules = {
  sizePrices: new Map(),
  optionPrices: new Map(),
  drinksNotSold: new Set(),
  optionsNotSold: new Set(),
};

export const sizePriceKey = (productId: string, size: string): string => `${productId}/${size}`;

/**
 * A size's price at the shop: the shop's own where it sets one (replacing the catalog's price
 * and its sale price alike), else the catalog's. Only a size the catalog sells has a price: a
 * shop prices sizes, it does not add them.
 */
export function sizePriceAtShop(
  rules: ShopMenuRules,
  productId: string,
  size: string,
  catalogPrice: Price | undefined,
): Price | undefined {
  if (!catalogPrice) return undefined;
  return rules.sizePrices.get(sizePriceKey(productId, size)) ?? catalogPrice;
}

/** A drink's add-on groups at the shop: options it does not sell left out, its prices in; a group left empty goes. */
export function groupsAtShop(rules: ShopMenuRules, groups: readonly ModifierGroup[]): ModifierGroup[] {
  return groups.flatMap((group) => {
    const options = group.options
      .filter((option) => !rules.optionsNotSold.has(option.id))
      .map((option) => {
        const priceCents = rules.optionPrices.get(option.id);
        return priceCents === undefined ? option : { ...option, priceCents };
      });
    return options.length > 0 ? [{ ...group, options }] : [];
  });
}

/** A drink as the shop's menu shows it (its prices, its options), or null when the shop does not sell it. */
export function productAtShop(rules: ShopMenuRules, product: Product): Product | null {
  if (rules.drinksNotSold.has(product.id)) return null;
  const pricesBySize: Product["pricesBySize"] = {};
  for (const [size, price] of Object.entries(product.pricesBySize) as [ProductSize, Price][])
    pricesBySize[size] = sizePriceAtShop(rules, product.id, size, price);
  return { ...product, pricesBySize, modifierGroups: groupsAtShop(rules, product.modifierGroups ?? []) };
}

/** One drink with its options: the size's price (its sale price where it has a real one) plus each option's. */
export function unitPriceCents(price: Price, options: readonly Pick<ModifierOption, "priceCents">[]): number {
  return effectivePriceCents(price) + options.reduce((sum, option) => sum + option.priceCents, 0);
}

/** A line's total: its unit price times how many. */
export const lineTotalCents = (line: { unitPriceCents: number; quantity: number }): number =>
  line.unitPriceCents * line.quantity;

/** A drink as the catalog in D1 has it, for pricing a line: undefined when it is not on the menu. */
export interface CatalogDrink {
  id: string;
  sizeSelection: boolean;
  /** The catalog's prices by size (before the shop's). */
  pricesBySize: Partial<Record<string, Price>>;
  /** The catalog's groups (before the shop's). */
  modifierGroups: readonly ModifierGroup[];
}

/** What a line comes to at a shop. */
export type LineAtShop =
  | { kind: "priced"; unitPriceCents: number; modifierIds: string[]; options: ModifierOption[] }
  /** Not on the menu (unknown, hidden or deleted: told apart nowhere). */
  | { kind: "unknown" }
  /** On the menu, but this shop does not sell it. */
  | { kind: "not_sold" }
  /** A size the drink is not sold in ("default" for a sized drink, or a size it has no price for). */
  | { kind: "size_not_sold" }
  /** An option this shop does not sell, at `index` of the line's options (or of its defaults). */
  | { kind: "option_not_sold"; index: number; optionId: string }
  /** Options its groups do not allow (common/modifiers.ts `selectionProblems`). */
  | { kind: "invalid_options"; message: string };

/**
 * What one drink in `size` with `modifierIds` costs at the shop, or why the shop cannot sell it.
 * A line without `modifierIds` (a cart from before add-ons) is made with the shop's defaults.
 */
export function priceLineAtShop(
  rules: ShopMenuRules,
  drink: CatalogDrink | undefined,
  line: { size: string; modifierIds?: readonly string[] },
): LineAtShop {
  if (!drink) return { kind: "unknown" };
  if (rules.drinksNotSold.has(drink.id)) return { kind: "not_sold" };
  const sizeAllowed = drink.sizeSelection ? line.size !== "default" : line.size === "default";
  const price = sizePriceAtShop(rules, drink.id, line.size, drink.pricesBySize[line.size]);
  if (!sizeAllowed || !price) return { kind: "size_not_sold" };
  const groups = groupsAtShop(rules, drink.modifierGroups);
  const modifierIds = line.modifierIds ? [...line.modifierIds] : defaultModifierIds(groups);
  const offeredAnywhere = new Set(drink.modifierGroups.flatMap((group) => group.options.map((option) => option.id)));
  const notSoldAt = modifierIds.findIndex((id) => offeredAnywhere.has(id) && rules.optionsNotSold.has(id));
  if (notSoldAt >= 0) return { kind: "option_not_sold", index: notSoldAt, optionId: modifierIds[notSoldAt]! };
  const [problem] = selectionProblems(groups, modifierIds);
  if (problem) return { kind: "invalid_options", message: problem.message };
  const options = chosenOptions(groups, modifierIds);
  return { kind: "priced", unitPriceCents: unitPriceCents(price, options), modifierIds, options };
}
