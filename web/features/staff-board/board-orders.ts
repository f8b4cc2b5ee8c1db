import { isOnBoard } from "#common/order-lifecycle";
import type { StaffOrder, StaffOrdersResponse } from "#common/staff-orders";

/**
 * The board's orders after a change arrives (from the API's answer or the live channel): an
 * order that is open goes in (or replaces an older copy of itself), one that is finished or
 * awaiting payment comes out; oldest first. A copy older than the one shown changes nothing.
 */
export function mergeBoardOrder(orders: StaffOrder[] | undefined, incoming: StaffOrder): StaffOrder[] | undefined {
  if (!orders) return orders;
  const existing = orders.find((order) => order.id === incoming.id);
  if (existing && existing.updatedAt > incoming.updatedAt) return orders;
  const others = orders.filter((order) => order.id !== incoming.id);
  if (!isOnBoard(incoming)) return others;
  return [...others, incoming].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The board's data with one order merged in (see mergeBoardOrder). */
export function withBoardOrder(
  board: StaffOrdersResponse | undefined,
  incoming: StaffOrder,
): StaffOrdersResponse | undefined {
  return board && { ...board, orders: mergeBoardOrder(board.orders, incoming) ?? [] };
}

/** "10:42 AM": a clock time in the location's time zone. */
export function clockTime(isoInstant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(isoInstant),
  );
}

/** "just now", "4 min", "1 h 05 min": how long ago an order was placed. */
export function timeSince(isoInstant: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(isoInstant)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, "0")} min ago`;
}

/** The tab's title: the count of new orders first, so it shows on a tab that is not in front. */
export function boardTitle(newOrders: number): string {
  return newOrders > 0 ? `(${newOrders}) New orders · Order board · Squeeze` : "Order board · Squeeze";
}

/** "Nov 23, 10:42 AM PST": when a change was made, on the location's clock and calendar. */
export function historyTime(isoInstant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  })
    .format(new Date(isoInstant))
    .replace(/\s/g, " "); // plain spaces, whatever the ICU version
}
