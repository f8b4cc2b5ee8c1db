import { DISCOUNT_PART_LABELS, type DiscountParts } from "#common/numbers";
import { DISCOUNT_KINDS } from "#common/promo-codes";
import { formatCents } from "#common/money";

/** The Discounts figure's parts in words, every kind shown even at $0: ["Promo codes $6.00", "Loyalty $6.49"]. */
export function discountPartsText(parts: DiscountParts): string[] {
  return DISCOUNT_KINDS.map((kind) => `${DISCOUNT_PART_LABELS[kind]} ${formatCents(parts[kind])}`);
}
