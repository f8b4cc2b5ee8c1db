import type { FulfilmentMethod } from "./fulfilment";
import type { BoardAgeThresholds } from "./order-board";
import type { OpeningHours } from "./hours/schedule";
import type { DrinkLimits } from "./order-size";
import type { ChosenOption } from "./modifiers";
import type { OrderDiscount, OrderEventActor, OrderPickup, OrderStatus, PaymentMode, PaymentState } from "./orders";

/** One line of an order as the counter needs it: what to make, how many, and the note. */
export interface StaffOrderLine {
  name: string;
  size: string;
  quantity: number;
  note: string;
  /** The add-on options, defaults included; the board shows the others (optionsSummary). */
  options: ChosenOption[];
}

/** An order on the staff board (`GET /api/staff/orders`, and every live update to a board). */
export interface StaffOrder {
  id: string;
  status: OrderStatus;
  paymentMode: PaymentMode;
  paymentState: PaymentState;
  customerName: string;
  phone: string;
  totalCents: number;
  /** The tip included in totalCents (0: none). */
  tipCents: number;
  /** Taken off the drinks (0: none); totalCents is after it. */
  discountCents: number;
  /** Each discount with its name (the promo code), for the ticket's "−$1.50 · WELCOME10". */
  discounts: OrderDiscount[];
  fulfilment: FulfilmentMethod;
  /** The delivery address, or the shop's for a pickup. */
  fulfilmentAddress: string;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  lines: StaffOrderLine[];
  /** The chosen pickup slot, or "as soon as possible" with its estimate; null for older orders. */
  pickup?: OrderPickup | null;
  /**
   * For a pickup time: when the counter should start on it (pickup time minus its drinks'
   * preparation minutes). Until then the board holds it in Later; null for "as soon as possible".
   */
  prepStartsAt?: string | null;
  /** What Stripe has refunded of a card payment; less than the total is a partial refund. Absent: nothing. */
  refundedCents?: number;
  /** A cancelled order in the board's Done list: the state it was cancelled from (what Recall brings back). */
  cancelledFrom?: OrderStatus | null;
  /**
   * When someone at the shop tapped "Seen" for it, and who; null while nobody has (a board
   * announces such an order in New until someone does). Once set it never goes back.
   */
  acknowledged?: OrderAcknowledgement | null;
}

/** A new order seen at the shop (`order_acknowledgements`): by whom (null: an account since gone) and when. */
export interface OrderAcknowledgement {
  orderId: string;
  at: string;
  byName: string | null;
}

/** The location a board belongs to: its name for the bar, its time zone for clock times. */
export interface BoardLocation {
  id: string;
  name: string;
  /** IANA time zone; times are stored in UTC and shown in this zone. */
  timeZone: string;
  /** When a ticket turns "waiting" and "late" (the shop's `location_board_settings`). */
  ageThresholds: BoardAgeThresholds;
  /** Drinks per online order and per slot: an order with more than one slot's drinks is marked large. */
  drinkLimits: DrinkLimits;
  /**
   * The location's opening hours as they are now: an order booked for a slot they no longer
   * include is marked "Booked outside the new hours" (common/hours/booked-outside-hours.ts).
   */
  openingHours: OpeningHours;
}

/**
 * A finished order as the Done list and the day's unpaid list show it: who, how much, where the
 * money stands and what Recall would bring back; no lines (the answer stays small in a rush).
 * A StaffOrder is one too (a live update goes straight in).
 */
export type DoneOrder = Pick<
  StaffOrder,
  | "id"
  | "status"
  | "paymentMode"
  | "paymentState"
  | "customerName"
  | "totalCents"
  | "cancelReason"
  | "createdAt"
  | "updatedAt"
  | "cancelledFrom"
>;

export interface StaffOrdersResponse {
  location: BoardLocation;
  orders: StaffOrder[];
  /** Completed or cancelled in the last RECALL_WINDOW_MINUTES, newest first: the board's Done list. */
  done: DoneOrder[];
  /** Handed over unpaid (`not_collected`) since the shop's day began, newest first. */
  unpaid: DoneOrder[];
  /**
   * Orders still open from an earlier day of the shop: only their count here; a page of them is
   * `GET /api/staff/orders/earlier` (common/earlier-orders.ts).
   */
  earlier: { count: number };
  /**
   * When the server began reading these lists (ISO instant). A change made after it may be missing
   * from them: the board keeps such a change that reached it live (web/features/staff-board/board-orders.ts).
   */
  readAt: string;
}

/**
 * `POST /api/staff/orders/:id/status`, `…/recall` and `…/paid-at-counter` answer with the order as
 * it now is.
 */
export interface StaffOrderResponse {
  order: StaffOrder;
}

/** `POST /api/staff/acknowledgements`: the new orders the person saw. */
export interface AcknowledgeOrdersResponse {
  /** Every order of the request that is now acknowledged, by this request or an earlier one. */
  acknowledgements: OrderAcknowledgement[];
}

/** One entry of an order's history (`GET /api/staff/orders/:id/history`): what it became, who and when. */
export interface OrderHistoryEntry {
  status: OrderStatus;
  previousStatus: OrderStatus | null;
  paymentState: PaymentState;
  actor: OrderEventActor;
  /** The person, when a person made the change (the customer or a staff member). */
  actorName: string | null;
  reason: string | null;
  at: string;
}

export interface OrderHistoryResponse {
  history: OrderHistoryEntry[];
}
