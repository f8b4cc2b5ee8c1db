import type { OrderPickup } from "#common/orders";
import { datedRanges, mergeRanges, MINUTE_MS } from "./intervals";
import { PICKUP_SLOT_MINUTES } from "./pickup-slots";
import type { OpeningHours } from "./schedule";

const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Whether an order booked for a pickup slot now falls outside the opening hours: its slot was
 * within the hours when it was booked (the checkout offers no other), so the hours have changed
 * under it since (shorter hours, a holiday), and the shop should call the shopper. An order for
 * "as soon as possible" has no booked time, and is never outside.
 */
export function isBookedOutsideHours(pickup: OrderPickup | null | undefined, hours: OpeningHours): boolean {
  if (pickup?.mode !== "slot") return false;
  const start = Date.parse(pickup.at);
  if (!Number.isFinite(start)) return false;
  const end = start + PICKUP_SLOT_MINUTES * MINUTE_MS;
  const ranges = mergeRanges(datedRanges(hours, new Date(start - DAY_MS), new Date(end + DAY_MS)));
  return !ranges.some((range) => range.start.getTime() <= start && end <= range.end.getTime());
}
