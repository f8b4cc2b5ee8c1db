/**
 * The days a shopper can order ahead for, with each slot's places and drinks left: the checkout's
 * day and time pickers read them from GET /api/pickup-days, apart from the shop's state that every
 * page polls (docs/decisions/0017-order-ahead.md).
 */
import type { PickupDaysResponse } from "#common/availability";
import type { Database } from "#worker/db/client";
import { pickupDaysWithFill } from "#worker/services/orders/pickup-slots";
import { shopStateNow } from "#worker/services/orders/queue";
import { acceptance, estimateReadyAt } from "#worker/services/shop/state";

/** `GET /api/pickup-days`' answer: offered while closed (orders ahead), none while paused. */
export async function pickupDaysAhead(db: Database, locationId: string, now: Date): Promise<PickupDaysResponse> {
  const state = await shopStateNow(db, locationId, now);
  if (acceptance(state, now).reason === "paused") return { pickupDays: [] };
  // None sooner than an order placed now could be ready, as for "as soon as possible".
  return { pickupDays: await pickupDaysWithFill(db, state, now, estimateReadyAt(state, now)) };
}
