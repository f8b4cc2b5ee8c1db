/**
 * The shopper left Stripe's payment page without paying (its cancel link brings them back to the
 * checkout): their order stops holding its place, its drinks and its account's open drinks at once
 * (docs/decisions/0019-holds-and-releases.md), rather than at the end of the session's lifetime,
 * so the next attempt is not refused for the one given up.
 */
import type { Database } from "#worker/db/client";
import type { Env } from "#worker/env";
import { NOTHING_TO_ANNOUNCE, type Announcements } from "#worker/services/announcements";
import { loadOrder, ownOrder } from "#worker/services/orders/loading";
import { markExpired } from "#worker/services/orders/transitions";
import { closeCheckoutSession } from "./expired-holds";

/**
 * Releases the shopper's own order still awaiting its card payment, after closing its session at
 * Stripe; an order paid meanwhile, or no longer waiting, is left as it is. False when the shopper
 * has no such order.
 */
export async function releaseAbandonedCheckout(
  db: Database,
  env: Env,
  userId: string,
  orderId: string,
): Promise<{ found: boolean; news: Announcements }> {
  const order = await loadOrder(db, ownOrder(userId, orderId));
  if (!order) return { found: false, news: NOTHING_TO_ANNOUNCE };
  const awaiting = order.row.paymentState === "pending" && order.row.status === "received";
  if (!awaiting || (await closeCheckoutSession(env, order))) return { found: true, news: NOTHING_TO_ANNOUNCE };
  const change = await markExpired(db, order, []);
  return { found: true, news: change?.news ?? NOTHING_TO_ANNOUNCE };
}
