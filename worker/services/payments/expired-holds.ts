/**
 * The cron's release of unpaid holds (docs/decisions/0019-holds-and-releases.md): an order
 * awaiting its card payment holds its place for at most the Checkout Session's lifetime. After
 * that its session is expired at Stripe, so it can no longer be paid, and the order is released
 * (worker/services/orders/transitions.ts markExpired), whether or not Stripe's own
 * `checkout.session.expired` ever arrives.
 */
import { getDb } from "#worker/db/client";
import type { Env } from "#worker/env";
import { errorMessages } from "#worker/lib/db-errors";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import type { LoadedOrder } from "#worker/services/orders/loading";
import { heldUnpaidSince } from "#worker/services/orders/payment-holds";
import { markExpired } from "#worker/services/orders/transitions";
import { CHECKOUT_SESSION_LIFETIME_SECONDS, expireCheckoutSession, paymentConfig } from "#worker/services/stripe-api";

/** Holds released per run: the cron runs every 5 minutes, so a backlog drains within a few runs. */
const RELEASES_PER_RUN = 25;

export interface HoldsReleased {
  released: string[];
  /** Left for the payment's webhook: Stripe says the session was paid. */
  paid: string[];
}

export async function releaseExpiredHolds(
  env: Env,
  executionCtx: ExecutionContext,
  now = new Date(),
): Promise<HoldsReleased> {
  const db = getDb(env.DB);
  const placedBy = new Date(now.getTime() - CHECKOUT_SESSION_LIFETIME_SECONDS * 1000);
  const held = await heldUnpaidSince(db, placedBy, RELEASES_PER_RUN);
  const outcome: HoldsReleased = { released: [], paid: [] };
  for (const order of held) {
    if (await closeCheckoutSession(env, order)) {
      outcome.paid.push(order.row.id);
      continue;
    }
    const change = await markExpired(db, order, []);
    if (!change) continue;
    outcome.released.push(order.row.id);
    // The shopper's open order page hears it; nothing is e-mailed (no order was confirmed).
    announceAfterCommit(env, executionCtx, change.news);
  }
  return outcome;
}

/**
 * Closes the order's Checkout Session so it can no longer be paid. True only when Stripe says it
 * was paid: the order is then the webhook's to mark paid. Stripe out of reach does not keep the
 * hold: a payment that still arrives is refunded (stripe-events.ts).
 */
export async function closeCheckoutSession(env: Env, order: LoadedOrder): Promise<boolean> {
  const sessionId = order.row.stripeSessionId;
  if (!sessionId) return false;
  let secretKey: string;
  try {
    const config = paymentConfig(env);
    if (config.mode !== "stripe") return false;
    secretKey = config.secretKey;
  } catch {
    return false;
  }
  try {
    const session = await expireCheckoutSession(secretKey, sessionId);
    return session.status === "complete" && session.paid;
  } catch (error) {
    console.warn(`Could not expire Stripe session ${sessionId} of order ${order.row.id}:`, errorMessages(error));
    return false;
  }
}
