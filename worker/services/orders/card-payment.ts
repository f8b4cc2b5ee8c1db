/**
 * An order's card payment at Stripe: the Checkout Session that charges exactly the order's total
 * (each line after its share of the discounts, then the delivery fee and the tip), and what
 * happens when it cannot be opened.
 */
import { eq } from "drizzle-orm";
import type { OrderLine } from "#common/orders";
import type { Database } from "#worker/db/client";
import { locations } from "#worker/db/schema";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";
import { createCheckoutSession, type CheckoutLine, type PaymentConfig } from "#worker/services/stripe-api";
import { discountsByLine, type OrderDiscount } from "./discount-rows";
import type { OrderRow } from "./loading";
import { releaseUnstartedCheckout } from "./payment-holds";
import { recordCheckoutSession } from "./transitions";

export interface CardPaymentInput {
  db: Database;
  payment: Extract<PaymentConfig, { mode: "stripe" }>;
  /** The site's origin, for Stripe's return URLs. */
  origin: string;
  row: OrderRow;
  lines: readonly OrderLine[];
  /** The order's discounts: written with it, or read back for a retried submission. */
  discounts: readonly OrderDiscount[];
}

/** What Stripe is asked to charge: the order's lines after their discounts, then the delivery fee and the tip. */
function checkoutLines(
  row: OrderRow,
  lines: readonly OrderLine[],
  discounts: readonly OrderDiscount[],
): CheckoutLine[] {
  const byLine = discountsByLine(discounts);
  return [
    ...lines.map((line, index) => {
      const discount = byLine.get(index);
      return discount ? { ...line, discount } : line;
    }),
    // The delivery fee and the tip are line items of their own, which no discount touches.
    ...(row.deliveryFeeCents > 0
      ? [{ name: "Delivery", size: "default", unitPriceCents: row.deliveryFeeCents, quantity: 1 }]
      : []),
    ...(row.tipCents > 0 ? [{ name: "Tip", size: "default", unitPriceCents: row.tipCents, quantity: 1 }] : []),
  ];
}

/** Opens (or, for a retried submission, re-opens the same) Stripe Checkout Session for the order. */
export async function startCardPayment(input: CardPaymentInput): Promise<string> {
  const { db, payment, row } = input;
  let session: { id: string; url: string };
  try {
    session = await createCheckoutSession(
      payment.secretKey,
      {
        orderId: row.id,
        userId: row.userId,
        customerEmail: row.customerEmail,
        origin: input.origin,
        lines: checkoutLines(row, input.lines, input.discounts),
      },
      // From the order's own instant, so a retried submission asks Stripe with the very same
      // parameters, which its idempotency key requires.
      new Date(row.createdAt),
    );
  } catch (error) {
    console.error(`Stripe checkout session for order ${row.id} failed:`, errorMessages(error));
    // Nobody can pay an order without a checkout: it is released at once, its place and drinks
    // free again (docs/decisions/0019-holds-and-releases.md). One with a session already keeps it until the session ends.
    if (row.stripeSessionId) {
      throw new ApiError(502, "payment_unavailable", "Card payment is unavailable right now. Please try again.");
    }
    await releaseUnstartedCheckout(db, row);
    throw await paymentUnavailable(db, row.locationId);
  }
  if (row.stripeSessionId !== session.id) {
    await recordCheckoutSession(db, row, session.id);
  }
  return session.url;
}

/** The 502 for a card checkout that could not be started, its order released: what the shopper can do instead. */
async function paymentUnavailable(db: Database, locationId: string): Promise<ApiError> {
  const [location] = await db.select({ phone: locations.phone }).from(locations).where(eq(locations.id, locationId));
  const call = location?.phone ? `, or call the shop at ${location.phone} to order and pay at pickup` : "";
  return new ApiError(
    502,
    "payment_unavailable",
    `Card payment is unavailable right now, so your order was not placed and nothing is held for it. Please try again in a few minutes${call}.`,
  );
}
