import { useEffect, useState } from "react";
import type { StaffOrder } from "#common/staff-orders";

/**
 * The board's Later lane (docs/decisions/0017-order-ahead.md): an order for a pickup time whose
 * preparation should not start yet waits there, not in New. It is a place on the board, not a
 * status: the order is `received` throughout, and the counter may start it early.
 */
export function isHeldForLater(order: StaffOrder, now: number): boolean {
  return order.status === "received" && !!order.prepStartsAt && Date.parse(order.prepStartsAt) > now;
}

/** setTimeout's longest delay is about 24.8 days; a board looks again at least every hour. */
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * The time, read again the moment the next held order's preparation is due, so an open board
 * moves it from Later to New (and alerts) on time without a reload or a request.
 */
export function useLaterRelease(orders: readonly StaffOrder[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const current = Date.now();
    const next = Math.min(
      ...(orders ?? [])
        .filter((order) => isHeldForLater(order, current))
        .map((order) => Date.parse(order.prepStartsAt!)),
    );
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - current + 20, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [orders, now]);
  return now;
}
