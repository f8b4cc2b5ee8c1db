/**
 * What a promo code takes off an order: off the drinks it covers (add-ons included), never the
 * tip or the delivery fee, never more than those drinks cost. A percentage is rounded once, on
 * the covered drinks together; the amount is then spread over the covered lines by their share
 * of them, so the shares add up to the cent (docs/decisions/0048).
 */
import { lineTotalCents } from "#common/line-price";
import type { PromoCode } from "./lookup";

export interface DiscountableLine {
  productId: string;
  categoryId: string | null;
  unitPriceCents: number;
  quantity: number;
}

export interface LineShare {
  /** The line's place in the order (0-based). */
  lineIndex: number;
  amountCents: number;
}

export interface PromoDiscount {
  code: string;
  amountCents: number;
  /** Only lines with a share above zero. */
  lines: LineShare[];
}

type Coverage = Pick<PromoCode, "productIds" | "categoryIds">;

export function coversLine(promo: Coverage, line: Pick<DiscountableLine, "productId" | "categoryId">): boolean {
  if (promo.productIds.length === 0 && promo.categoryIds.length === 0) return true;
  return (
    promo.productIds.includes(line.productId) ||
    (line.categoryId !== null && promo.categoryIds.includes(line.categoryId))
  );
}

/** The drinks' subtotal of the lines the code covers. */
export function coveredCents(promo: Coverage, lines: readonly DiscountableLine[]): number {
  return lines.reduce((sum, line) => sum + (coversLine(promo, line) ? lineTotalCents(line) : 0), 0);
}

export function promoDiscount(
  promo: Pick<PromoCode, "code" | "kind" | "amount"> & Coverage,
  lines: readonly DiscountableLine[],
): PromoDiscount {
  const covered = lines.map((line, lineIndex) => ({
    lineIndex,
    cents: coversLine(promo, line) ? lineTotalCents(line) : 0,
  }));
  const base = covered.reduce((sum, line) => sum + line.cents, 0);
  const wanted = promo.kind === "percent" ? Math.round((base * promo.amount) / 100) : promo.amount;
  const amountCents = Math.min(wanted, base);
  return { code: promo.code, amountCents, lines: spreadByShare(amountCents, covered) };
}

/**
 * `amountCents` over the lines in proportion to their cents: each line its whole cents, then
 * the cents left over one each to the lines with the largest remainders (the earlier line on a
 * tie), so the shares add up to the amount exactly.
 */
export function spreadByShare(
  amountCents: number,
  lines: readonly { lineIndex: number; cents: number }[],
): LineShare[] {
  const base = lines.reduce((sum, line) => sum + line.cents, 0);
  if (base === 0 || amountCents === 0) return [];
  const shares = lines.map((line) => {
    const exact = amountCents * line.cents;
    return { lineIndex: line.lineIndex, amountCents: Math.floor(exact / base), remainder: exact % base };
  });
  let left = amountCents - shares.reduce((sum, share) => sum + share.amountCents, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.lineIndex - b.lineIndex);
  for (const share of byRemainder) {
    if (left === 0) break;
    share.amountCents += 1;
    left -= 1;
  }
  return shares
    .filter((share) => share.amountCents > 0)
    .map(({ lineIndex, amountCents: cents }) => ({ lineIndex, amountCents: cents }));
}
