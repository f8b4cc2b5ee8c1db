import { optionsKey, type ModifierOption } from "#common/modifiers";
import { cartLineId } from "./cart-store";

/**
 * A new cart line's id with its options: two lines merge only when drink, size, note and the
 * options that differ from the defaults are the same ("Berry Blast small + opt-milk-oat"). Kept
 * apart from the cart store, which is in every first download, because only the pages that add
 * drinks need the options' rule.
 */
export function cartLineIdWithOptions(
  name: string,
  size: string,
  note: string,
  options: readonly Pick<ModifierOption, "id" | "isDefault">[],
): string {
  const key = optionsKey(options);
  return key ? `${cartLineId(name, size, note)} + ${key}` : cartLineId(name, size, note);
}
