/**
 * An order's money, summed in one place: the server when it places the order, the checkout when
 * it shows what the order will cost. The drinks' subtotal (add-ons included) is what the owner's
 * numbers count as gross sales; what is added to it (the delivery fee, the tip) and what is taken
 * off it (the discounts, off the drinks only) are parts of their own, so a deduction can never
 * pass for fewer drinks sold.
 */
import { lineTotalCents } from "./line-price";

/** The parts an order's total is made of, each in integer cents. */
export interface OrderMoney {
  /** The drinks with their add-ons: each line's unit price times its quantity, summed. */
  subtotalCents: number;
  /** The discounts off the drinks together, at most the subtotal; none when left out (the checkout, until it takes codes). */
  discountCents?: number;
  /** 0 for a pickup. */
  deliveryFeeCents: number;
  tipCents: number;
}

/** The drinks' subtotal of an order's lines. */
export function drinksSubtotalCents(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/**
 * What the shopper pays: the drinks' subtotal less their discounts (never below zero), then the
 * delivery fee and the tip, which no discount touches.
 */
export function orderTotalCents(money: OrderMoney): number {
  const drinksCents = Math.max(0, money.subtotalCents - (money.discountCents ?? 0));
  return drinksCents + money.deliveryFeeCents + money.tipCents;
}
