/**
 * An order's discounts in words, the same on every screen and in every e-mail: "−$1.50 · WELCOME10"
 * (the amount first, as a receipt's column of money reads, then the code that took it off).
 */
import { formatCentsOff } from "./money";
import type { OrderDiscount } from "./orders";

/** One discount: "−$1.50 · WELCOME10". */
export function discountText(discount: Pick<OrderDiscount, "name" | "amountCents">): string {
  return `${formatCentsOff(discount.amountCents)} · ${discount.name}`;
}

/** Every discount of an order, or null when it has none: "−$1.50 · WELCOME10". */
export function discountsText(discounts: readonly Pick<OrderDiscount, "name" | "amountCents">[]): string | null {
  const applied = discounts.filter((discount) => discount.amountCents > 0);
  return applied.length > 0 ? applied.map(discountText).join(", ") : null;
}

/** A discount's row label on a receipt: "Promo code WELCOME10", or a reward's own name. */
export function discountLabel(discount: Pick<OrderDiscount, "kind" | "name">): string {
  return discount.kind === "promo" ? `Promo code ${discount.name}` : discount.name;
}

/** How an order its discounts made free is paid, wherever its payment is said. */
export const NOTHING_TO_PAY = "Nothing to pay";
