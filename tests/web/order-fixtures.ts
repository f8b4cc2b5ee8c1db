/**
 * Orders as the API answers them, for the web tests: a shopper's order (`GET /api/orders/:id`,
 * `POST /api/orders`) and a ticket on the staff board (`GET /api/staff/orders`). Each test passes
 * only what its story needs; the rest is an ordinary pickup at the Anaheim shop, paid on pickup.
 */
import type { Order } from "#common/orders";
import type { StaffOrder, StaffOrdersResponse } from "#common/staff-orders";

export const ANAHEIM_ADDRESS = "512 South Brookhurst St #4, Anaheim, CA 92804";

/** A shopper's order, just placed for pickup (no lines unless given). */
export function shopperOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "4f9c2b1e-0000-4000-8000-000000000001",
    locationId: "loc-anaheim",
    status: "received",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    cancelReason: null,
    totalCents: 1997,
    fulfilment: "pickup",
    fulfilmentAddress: ANAHEIM_ADDRESS,
    deliveryFeeCents: 0,
    tipCents: 0,
    discountCents: 0,
    discounts: [],
    stampsEarned: 0,
    createdAt: "2025-06-01T12:00:00.000Z",
    updatedAt: "2025-06-01T12:00:00.000Z",
    itemCount: 3,
    lines: [],
    ...overrides,
  };
}

/** A ticket on the staff board: one Sunrise Orange for pickup, placed a minute ago. */
export function staffOrder(id: string, overrides: Partial<StaffOrder> = {}): StaffOrder {
  const placedAt = new Date(Date.now() - 60_000).toISOString();
  return {
    id,
    status: "received",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    customerName: "Ada Lovelace",
    phone: "+1 (714) 555-0101",
    totalCents: 649,
    tipCents: 0,
    discountCents: 0,
    discounts: [],
    fulfilment: "pickup",
    fulfilmentAddress: ANAHEIM_ADDRESS,
    cancelReason: null,
    createdAt: placedAt,
    updatedAt: placedAt,
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 1, note: "", options: [] }],
    ...overrides,
  };
}

/**
 * The board's answer (`GET /api/staff/orders`) for `location`: these open orders, read now, and
 * empty Done and unpaid lists with no earlier orders unless given.
 */
export function staffBoard(
  location: StaffOrdersResponse["location"],
  orders: StaffOrder[],
  extra: Partial<Omit<StaffOrdersResponse, "location" | "orders">> = {},
): StaffOrdersResponse {
  return {
    location,
    orders,
    done: extra.done ?? [],
    unpaid: extra.unpaid ?? [],
    earlier: extra.earlier ?? { count: 0 },
    readAt: extra.readAt ?? new Date().toISOString(),
  };
}
