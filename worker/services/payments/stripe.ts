import Stripe from "stripe";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";

/**
 * How orders are paid. Stripe is on only when BOTH secrets are set: a key without its webhook
 * secret would take money without ever learning that it had, so that is refused outright.
 */
export type PaymentConfig =
  | { mode: "pay_on_pickup" }
  | { mode: "stripe"; secretKey: string; webhookSecret: string };

export function paymentConfig(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (secretKey && webhookSecret) return { mode: "stripe", secretKey, webhookSecret };
  if (!secretKey && !webhookSecret) return { mode: "pay_on_pickup" };
  console.error(
    `Stripe is half-configured: ${secretKey ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is missing. ` +
      "Set both secrets (wrangler secret put ...) for card payment, or neither for pay-on-pickup.",
  );
  throw new ApiError(500, "payments_misconfigured", "Checkout is unavailable right now. Please try again later.");
}

function stripeClient(secretKey: string): Stripe {
  // Workers have fetch, not Node's http: the fetch client is the one that works here.
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1 });
}

export interface CheckoutLine {
  name: string;
  size: string;
  unitPriceCents: number;
  quantity: number;
}

export interface CheckoutSessionInput {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  /** The site's origin, e.g. https://squeeze.example, for the return URLs. */
  origin: string;
}

/** How long a shopper has to pay before Stripe expires the session (Stripe's minimum is 30 minutes). */
const CHECKOUT_SESSION_LIFETIME_SECONDS = 45 * 60;

export function lineLabel(line: Pick<CheckoutLine, "name" | "size">): string {
  return line.size === "default" ? line.name : `${line.name} (${line.size})`;
}

/**
 * A Stripe Checkout Session for an order, priced from the server's lines. The idempotency key is
 * derived from the order, so asking again for the same order (a retried submission) gets the
 * same session back instead of a second one.
 */
export async function createCheckoutSession(
  secretKey: string,
  input: CheckoutSessionInput,
  now: Date = new Date(),
): Promise<{ id: string; url: string }> {
  const stripe = stripeClient(secretKey);
  const returnUrl = (payment: "success" | "cancelled") =>
    `${input.origin}/checkout?payment=${payment}&order=${encodeURIComponent(input.orderId)}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: input.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: "usd",
          unit_amount: line.unitPriceCents,
          product_data: { name: lineLabel(line) },
        },
      })),
      success_url: returnUrl("success"),
      cancel_url: returnUrl("cancelled"),
      client_reference_id: input.orderId,
      metadata: { orderId: input.orderId, userId: input.userId },
      payment_intent_data: { metadata: { orderId: input.orderId } },
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_SESSION_LIFETIME_SECONDS,
    },
    { idempotencyKey: `squeeze-order-${input.orderId}-checkout` },
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

/**
 * Verifies a webhook's signature against the RAW body (re-serialised JSON would not match) and
 * returns the event. Throws a 400 for a missing or bad signature.
 */
export async function verifyWebhookEvent(
  webhookSecret: string,
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw new ApiError(400, "invalid_signature", "Missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      webhookSecret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (error) {
    console.warn("Refused a Stripe webhook with a bad signature:", error instanceof Error ? error.message : error);
    throw new ApiError(400, "invalid_signature", "Invalid Stripe signature");
  }
}

export type { Stripe };
