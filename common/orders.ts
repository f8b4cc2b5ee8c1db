import type { FulfilmentMethod } from "./fulfilment";
/**
 * Orders as the API returns them, and the lists of values an order's fields may hold. Each list
 * is the only definition: the database's enums and CHECK constraints, the API's schemas and the
 * pages' types are all derived from it (a new status is added here, plus a migration).
 */
import type { ProductSize } from "./catalog";
import type { ChosenOption } from "./modifiers";
import type { PickupMode } from "./pickup-modes";
import type { DiscountKind } from "./promo-codes";

/**
 * Where the drinks stand (the fulfilment status): received → preparing → ready → completed, or
 * cancelled before completed. The moves between them are in ./order-lifecycle.ts.
 */
export const ORDER_STATUSES = ["received", "preparing", "ready", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where the money stands, apart from the drinks: `not_required` is pay on pickup (or delivery),
 * until the counter marks it `paid_at_counter`, or `not_collected` when it was handed over unpaid;
 * `given_back` is money paid at the counter and handed back there after a cancellation;
 * `pending` waits for Stripe; `refund_pending` is a cancelled card order whose refund has not gone
 * through yet (the board offers to retry it).
 */
export const PAYMENT_STATES = [
  "not_required",
  "pending",
  "paid",
  "refund_pending",
  "refunded",
  "paid_at_counter",
  "not_collected",
  "given_back",
] as const;

/** The payment states of an order paid (or owed) at the counter, never through Stripe. */
export const COUNTER_PAYMENT_STATES = [
  "not_required",
  "paid_at_counter",
  "not_collected",
  "given_back",
] as const satisfies readonly PaymentState[];
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Who made a change written to an order's history (order_events). */
export const ORDER_EVENT_ACTORS = ["customer", "staff", "payment_provider"] as const;
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number];

/** How an order is paid: card through Stripe when the shop has configured it, else at pickup. */
export const PAYMENT_MODES = ["pay_on_pickup", "stripe"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** One line of a placed order: a snapshot of the drink and its price at order time. */
export interface OrderLine {
  /** Null once the drink has been deleted from the menu; the snapshot keeps its name and price. */
  productId: string | null;
  name: string;
  image: string;
  size: ProductSize;
  unitPriceCents: number;
  quantity: number;
  note: string;
  /** The add-on options chosen, defaults included (show them with optionsSummary); included in unitPriceCents. */
  options: ChosenOption[];
  subtotalCents: number;
  /** The line's share of the order's discounts, when it has one; subtotalCents is before it. */
  discountCents?: number;
}

/** A cart line the server has priced from D1, before it is written: its drink and options are on the menu. */
export type PricedLine = Omit<OrderLine, "productId" | "subtotalCents" | "options"> & {
  productId: string;
  options: (ChosenOption & { id: string })[];
};

/** One discount of an order as it is shown: what it is, its name and what it took off. */
export interface OrderDiscount {
  kind: DiscountKind;
  name: string;
  amountCents: number;
}

/** When the order is to be picked up: the chosen slot's start, or the estimated ready time. */
export interface OrderPickup {
  mode: PickupMode;
  at: string;
  /** The location's time zone, to show `at` on the shop's clock. */
  timeZone: string;
}

export interface Order {
  id: string;
  /** The shop the order was placed at. */
  locationId: string;
  status: OrderStatus;
  paymentMode: PaymentMode;
  paymentState: PaymentState;
  /** What the shop said when it cancelled the order. */
  cancelReason: string | null;
  totalCents: number;
  /** Pickup or delivery, where to (the delivery address, or the shop's for a pickup) and the fee in the total. */
  fulfilment: FulfilmentMethod;
  fulfilmentAddress: string;
  deliveryFeeCents: number;
  /** The shopper's tip, included in totalCents (0: none). */
  tipCents: number;
  /** Taken off the drinks, together (0: none); totalCents is after it. */
  discountCents: number;
  /** Each discount with its name (a promo code such as "WELCOME10"), in the order applied. */
  discounts: OrderDiscount[];
  /** The stamps completing it earned, less what a Recall or refund took back (0: none yet). */
  stampsEarned: number;
  createdAt: string;
  updatedAt: string;
  itemCount: number;
  lines: OrderLine[];
  /** Absent or null for orders placed before pickup times existed. */
  pickup?: OrderPickup | null;
}

/** The answer to `POST /api/orders` (201 new, 200 for a retried submission). */
export interface CreateOrderResponse {
  order: Order;
  /** Stripe Checkout's page, when card payment is configured. */
  paymentUrl?: string;
  /** True when the total the shopper saw is not what the server charged; show `order.totalCents`. */
  totalChanged: boolean;
}

/** `GET /api/orders` answers a page of this many orders unless asked for fewer (`limit`, at most the max). */
export const ORDER_HISTORY_PAGE = { defaultSize: 20, maxSize: 50 } as const;

/** The answer to `GET /api/orders[?cursor=…&limit=…]`: a page of orders, newest first. */
export interface OrderListResponse {
  orders: Order[];
  /** Pass as `cursor` for the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

/** The answer to `GET /api/orders/:id`. */
export interface OrderResponse {
  order: Order;
}

/** A short order number people can read out on the phone ("#1A2B3C4D"): pages, the board and e-mails. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}
