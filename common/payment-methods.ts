import type { FulfilmentMethod } from "./fulfilment";

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
