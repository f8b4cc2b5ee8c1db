import Stripe from "stripe";

/** The order a Checkout Session was made for, as the session's events name it. */
export interface SessionOrder {
  id: string;
  sessionId: string;
  totalCents: number;
}

/** `event` in Stripe's envelope (a fresh event id, the API version, now), as the webhook's body. */
export function stripeEventPayload(event: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    ...event,
  });
}

/** A `checkout.session.*` event for `order`: paid and complete, unless it is the session's expiry. */
export function checkoutSessionEvent(
  type: string,
  order: SessionOrder,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const expired = type === "checkout.session.expired";
  return {
    type,
    data: {
      object: {
        id: order.sessionId,
        object: "checkout.session",
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        amount_total: order.totalCents,
        currency: "usd",
        payment_status: expired ? "unpaid" : "paid",
        status: expired ? "expired" : "complete",
        ...overrides,
      },
    },
  };
}

/** The `Stripe-Signature` header Stripe would send with `payload`, signed with `secret`. */
export function stripeSignature(payload: string, secret: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}
