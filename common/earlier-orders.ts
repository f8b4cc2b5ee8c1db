/**
 * Orders left open from an earlier day of the shop (docs/decisions/0018-cash-drawer.md): an open
 * order whose pickup time (or, for as soon as possible, its placing time) fell before today's
 * start on the shop's clock. The board keeps them apart ("From earlier · 12"): its answer carries
 * only their count, a page comes on request, and one action closes them all.
 */
import { shopDayStart } from "./shop-calendar";
import type { OrderPickup, OrderStatus } from "./orders";
import type { StaffOrder } from "./staff-orders";

/** The instant that says which day an order is for: its pickup time, or when it was placed. */
export function orderDayInstant(order: { createdAt: string; pickup?: OrderPickup | null }): string {
  return order.pickup?.mode === "slot" ? order.pickup.at : order.createdAt;
}

/** An order still open whose day is before the shop's today. */
export function isFromEarlierDay(
  order: { status: OrderStatus; createdAt: string; pickup?: OrderPickup | null },
  timeZone: string,
  now: number,
): boolean {
  const open = order.status === "received" || order.status === "preparing" || order.status === "ready";
  return open && Date.parse(orderDayInstant(order)) < shopDayStart(now, timeZone).getTime();
}

/** `GET /api/staff/orders/earlier?offset=…` answers this many at a time, oldest first. */
export const EARLIER_ORDERS_PAGE_SIZE = 20;

export interface EarlierOrdersResponse {
  orders: StaffOrder[];
  total: number;
  /** Pass as `offset` for the next page; null on the last. */
  nextOffset: number | null;
}

/**
 * `POST /api/staff/orders/earlier/close`: every order open from an earlier day is closed, each
 * with its history row: one that was Ready is completed (a pay-on-pickup one as not collected,
 * since nobody said it was), any other is cancelled with this reason (a card payment then waits
 * under Refunds to retry; money paid at the counter under Give back).
 */
export const EARLIER_CLOSED_REASON = "Left open from an earlier day";

export interface EarlierOrdersClosed {
  completed: number;
  cancelled: number;
}
