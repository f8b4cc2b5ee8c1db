/**
 * A sale's stamps spread over its lines for lines.csv, so that a sale's lines add up exactly to
 * its row of orders.csv: the reward's spent stamps on the line it covered, the stamps the sale
 * earned (net of Recalls and refunds) over its lines in order, each line taking at most the drinks
 * that could earn, as the stamp card's `order_stamps` view counts them (migrations/0067).
 */
import type { DiscountParts } from "#common/numbers";
import { DISCOUNT_KINDS } from "#common/promo-codes";

/** What a line needs to say how many of its drinks could earn a stamp and whether a reward covered it. */
export interface StampLine {
  quantity: number;
  unitPriceCents: number;
  /** The line's share of the discounts by kind, and how many stamp-card rewards it holds. */
  discountParts: DiscountParts;
  rewards: number;
}

export interface LineStamps {
  earned: number;
  spent: number;
}

/**
 * The drinks of a line that could earn: its quantity less those its promo share made free and
 * one per reward on it; none on a line of free drinks.
 */
function earningDrinks(line: StampLine): number {
  if (line.unitPriceCents <= 0) return 0;
  // Any share but a reward's takes money off the drinks: each whole unit price of it is a free drink.
  const otherCents = DISCOUNT_KINDS.reduce(
    (sum, kind) => (kind === "loyalty" ? sum : sum + line.discountParts[kind]),
    0,
  );
  const promoFree = Math.floor(otherCents / line.unitPriceCents);
  return Math.max(line.quantity - promoFree - line.rewards, 0);
}

/**
 * Each line's stamps of a sale that earned `earned` and spent `spent` (as orders.csv shows them).
 * Whatever no line could hold, and spent stamps with no covered line, would stay on the last and
 * the first line (the triggers write neither): the sums never drift from the order's row.
 */
export function lineStamps(lines: readonly StampLine[], earned: number, spent: number): LineStamps[] {
  const stamps = lines.map(() => ({ earned: 0, spent: 0 }));
  if (stamps.length === 0) return stamps;
  let left = earned;
  lines.forEach((line, index) => {
    const taken = Math.min(earningDrinks(line), Math.max(left, 0));
    stamps[index]!.earned = taken;
    left -= taken;
  });
  stamps[stamps.length - 1]!.earned += left;
  const covered = lines.findIndex((line) => line.rewards > 0);
  stamps[Math.max(covered, 0)]!.spent = spent;
  return stamps;
}
