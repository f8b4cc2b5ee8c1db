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
