/**
 * Whether a promo code applies to an order, and if not, which of the refusals in
 * common/promo-codes.ts and in what words. Decided from what the caller read; the limits are
 * guarded again by the order's batch (use.ts).
 */
import type { PromoRefusalCode } from "#common/promo-codes";
import { formatCents } from "#common/money";
import { ApiError } from "#worker/lib/errors";
import type { PromoCode, PromoUses } from "./lookup";

export interface PromoRefusal {
  code: PromoRefusalCode;
  message: string;
}

/** What a code is checked against. */
export interface PromoOrderFacts {
  shopId: string;
  /** The shop's date today (YYYY-MM-DD on its calendar). */
  shopDate: string;
  subtotalCents: number;
  /** The drinks' subtotal of the lines the code covers. */
  coveredCents: number;
  uses: PromoUses;
  hasCompletedOrder: boolean;
}

/** The refusal of a code that does not exist; `typed` is what the shopper sent. */
export function unknownPromo(typed: string): PromoRefusal {
  return { code: "promo_unknown", message: `There is no promo code ${typed.trim()}. Check its spelling.` };
}

/** Why `promo` cannot apply to the order, or null when it can. */
export function promoRefusal(promo: PromoCode, facts: PromoOrderFacts): PromoRefusal | null {
  const { code } = promo;
  if (promo.startsOn !== null && facts.shopDate < promo.startsOn) {
    return { code: "promo_not_started", message: `${code} starts on ${promo.startsOn}.` };
  }
  if (promo.endsOn !== null && facts.shopDate > promo.endsOn) {
    return { code: "promo_expired", message: `${code} ended on ${promo.endsOn}.` };
  }
  if (promo.shopIds.length > 0 && !promo.shopIds.includes(facts.shopId)) {
    return { code: "promo_not_at_shop", message: `${code} cannot be used at this shop.` };
  }
  if (facts.subtotalCents < promo.minSubtotalCents) {
    const more = formatCents(promo.minSubtotalCents - facts.subtotalCents);
    return {
      code: "promo_min_subtotal",
      message: `${code} is for orders of ${formatCents(promo.minSubtotalCents)} or more: add ${more} more.`,
    };
  }
  if (facts.coveredCents === 0) {
    return { code: "promo_not_applicable", message: `${code} does not cover any drink in your order.` };
  }
  if (promo.firstOrderOnly && facts.hasCompletedOrder) {
    return { code: "promo_first_order_only", message: firstOrderOnlyMessage(code) };
  }
  if (promo.maxUsesPerAccount !== null && facts.uses.byAccount >= promo.maxUsesPerAccount) {
    return { code: "promo_already_used", message: alreadyUsedMessage(promo) };
  }
  if (promo.maxUses !== null && facts.uses.total >= promo.maxUses) {
    return { code: "promo_used_up", message: usedUpMessage(code) };
  }
  return null;
}

export function usedUpMessage(code: string): string {
  return `${code} has been used as many times as it can be.`;
}

export function alreadyUsedMessage(promo: Pick<PromoCode, "code" | "maxUsesPerAccount">): string {
  return promo.maxUsesPerAccount === 1
    ? `You have already used ${promo.code}.`
    : `You have already used ${promo.code} ${promo.maxUsesPerAccount} times.`;
}

export function firstOrderOnlyMessage(code: string): string {
  return `${code} is only for your first order.`;
}

/** The 409 a refusal is, naming the field. */
export function promoRefusalError(refusal: PromoRefusal): ApiError {
  return new ApiError(409, refusal.code, refusal.message, "promoCode");
}

/**
 * The 409 for a cancelled order that cannot be recalled because its code's use, given back when
 * it was cancelled, cannot be taken again: the code's limit (`promo_used_up`) or the account's.
 */
export function recallRefusalError(limit: PromoRefusalCode, code: string): ApiError {
  const since = "since this order was cancelled";
  const why =
    limit === "promo_already_used"
      ? `the shopper has used ${code} again ${since}`
      : limit === "promo_first_order_only"
        ? `${code} is only for a first order, and the shopper has had one completed ${since}`
        : `${code} has been used as many times as it can be ${since}`;
  return new ApiError(409, limit, `This order cannot come back with its discount: ${why}.`);
}
