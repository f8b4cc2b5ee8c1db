import type { StaffOrder } from "#common/staff-orders";
import { useNow } from "#web/lib/use-now";
import { useLaterRelease } from "./later-lane";

/** The board's clock: it ticks every 15 s, and at once when an order held for Later falls due. */
export function useBoardNow(orders: readonly StaffOrder[] | undefined): number {
  const releasedAt = useLaterRelease(orders);
  return Math.max(useNow(15_000), releasedAt);
}
