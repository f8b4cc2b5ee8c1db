/**
 * Stripe at its edge: which way orders are paid, and the calls made to Stripe's API (checkout
 * sessions, refunds, webhook signatures). It knows nothing of orders: the orders room opens a
 * checkout with it, and worker/services/payments/ (which reads Stripe's answers into the orders
 * room's transitions) closes and refunds them.
 */
import { lineTotalCents } from "#common/line-price";
import { formatCents } from "#common/money";
import { optionsSummary, type ChosenOption } from "#common/modifiers";
import Stripe from "stripe";
import type { Env } from "#worker/env";
import { ApiError } from "#worker/lib/errors";

/**
 * How orders are paid. Stripe is on only when BOTH secrets are set: a key without its webhook
 * secret would take money without ever learning that it had, so that is refused outright.
 */
export type PaymentConfig = { mode: "pay_on_pickup" } | { mode: "stripe"; secretKey: string; webhookSecret: string };

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
  /** Included in unitPriceCents; the ones that differ from the defaults are named on the line. */
  options?: ChosenOption[];
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the order's discount (its name: the promo code), off the line's total. */
  discount?: { name: string; cents: number };
}

export interface CheckoutSessionInput {
  orderId: string;
  userId: string;
  customerEmail: string;
  lines: CheckoutLine[];
  /** The site's origin, e.g. https://squeeze.example, for the return URLs. */
  origin: string;
}

/**
 * How long a shopper has to pay before Stripe expires the session (Stripe's minimum is 30
 * minutes), and so how long an order awaiting payment holds its place (./expired-holds.ts).
 */
export const CHECKOUT_SESSION_LIFETIME_SECONDS = 45 * 60;

export function lineLabel(line: Pick<CheckoutLine, "name" | "size" | "options">): string {
  const drink = line.size === "default" ? line.name : `${line.name} (${line.size})`;
  const options = optionsSummary(line.options);
  return options ? `${drink} · ${options}` : drink;
}

/**
 * One line as Stripe shows and charges it. Stripe's line items cannot be negative, so a line with
 * a discount is one item at its total after the discount ("2 × Sunrise Orange (medium) ·
 * WELCOME10 −$1.30"), and the session charges exactly the order's total.
 */
function checkoutLineItem(line: CheckoutLine): Stripe.Checkout.SessionCreateParams.LineItem {
  const item = (quantity: number, unitAmount: number, name: string) => ({
    quantity,
    price_data: { currency: "usd", unit_amount: unitAmount, product_data: { name } },
  });
  const discount = line.discount;
  if (!discount || discount.cents <= 0) return item(line.quantity, line.unitPriceCents, lineLabel(line));
  const count = line.quantity > 1 ? `${line.quantity} × ` : "";
  return item(
    1,
    lineTotalCents(line) - discount.cents,
    `${count}${lineLabel(line)} · ${discount.name} −${formatCents(discount.cents)}`,
  );
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
      line_items: input.lines.map(checkoutLineItem),
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
 * Closes a Checkout Session so it can no longer be paid. Answers how the session stands when it
 * could not be closed because it is no longer open (paid, or closed already), and throws when
 * Stripe cannot be reached.
 */
export async function expireCheckoutSession(
  secretKey: string,
  sessionId: string,
): Promise<{ status: Stripe.Checkout.Session.Status | null; paid: boolean }> {
  const stripe = stripeClient(secretKey);
  try {
    const session = await stripe.checkout.sessions.expire(sessionId);
    return { status: session.status, paid: session.payment_status === "paid" };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    // Not open any more: read how it ended.
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return { status: session.status, paid: session.payment_status === "paid" };
  }
}

export interface RefundInput {
  orderId: string;
  /** The order's payment, when Stripe's webhook named it; otherwise found through the session. */
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
  amountCents: number;
}

/** The key of an order's one refund: asking again (a retry, a double tap) gets the same refund back. */
export function refundIdempotencyKey(orderId: string): string {
  return `squeeze-order-${orderId}-refund`;
}

/**
 * Refunds an order in full through Stripe's Refunds API. The idempotency key is derived from the
 * order, so however often this runs for an order, Stripe makes one refund.
 */
export async function refundOrderPayment(
  secretKey: string,
  input: RefundInput,
): Promise<{ id: string; amountCents: number }> {
  const stripe = stripeClient(secretKey);
  let paymentIntent = input.paymentIntentId;
  if (!paymentIntent && input.checkoutSessionId) {
    const session = await stripe.checkout.sessions.retrieve(input.checkoutSessionId);
    paymentIntent =
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  }
  if (!paymentIntent) throw new Error(`Order ${input.orderId} has no Stripe payment to refund`);
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: input.amountCents,
      reason: "requested_by_customer",
      metadata: { orderId: input.orderId },
    },
    { idempotencyKey: refundIdempotencyKey(input.orderId) },
  );
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new Error(`Stripe refund ${refund.id} for order ${input.orderId} is ${refund.status}`);
  }
  return { id: refund.id, amountCents: refund.amount };
}

/** The payment intent a completed Checkout Session paid with (what a refund is made against). */
export function sessionPaymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
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
