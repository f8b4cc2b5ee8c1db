import type { FulfilmentMethod } from "./fulfilment";
import { formatCents } from "./money";

/**
 * How this shop takes payment, as `GET /api/payment-methods` tells the app: by card at checkout
 * (Stripe is set up) or on pickup. Said in the shopper's terms; nothing about configuration.
 */
export const PAYMENT_METHODS = ["card", "on_pickup"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentMethods {
  accepts: PaymentMethod;
}

export const PAYMENT_METHODS_PATH = "/api/payment-methods";

/**
 * How the order will be paid, said beside the checkout's button before the shopper presses it:
 * "You'll pay $12.50 at pickup." The amount is the total the page shows.
 */
export function paymentPromise(accepts: PaymentMethod, fulfilment: FulfilmentMethod, amount: string): string {
  if (accepts === "card") return `You'll pay ${amount} by card on the next page.`;
  return fulfilment === "delivery" ? `You'll pay ${amount} at the door.` : `You'll pay ${amount} at pickup.`;
}

/** Stripe's smallest card charge in US dollars: a card order's total is 0 (nothing to charge) or at least this. */
export const CARD_MINIMUM_CENTS = 50;

/** The 409 codes with which `POST /api/orders` refuses an order's money: a card total Stripe cannot charge. */
export const CARD_PAYMENT_REFUSAL_CODES = ["total_below_card_minimum"] as const;
export type CardPaymentRefusalCode = (typeof CARD_PAYMENT_REFUSAL_CODES)[number];

/** Why a card order of 1¢ to 49¢ is refused, and what the shopper can do about it: the discount it has is named. */
export function belowCardMinimumMessage(totalCents: number, discount: "promo code" | "free drink"): string {
  return `This order comes to ${formatCents(totalCents)}, and a card payment must be at least ${formatCents(CARD_MINIMUM_CENTS)}. Add a drink or a tip, or remove the ${discount}.`;
}
