import type { FulfilmentMethod } from "./fulfilment";
import type { BoardAgeThresholds } from "./order-board";
import type { DrinkLimits } from "./order-size";
import type { ChosenOption } from "./modifiers";
import type { OrderEventActor, OrderPickup, OrderStatus, PaymentMode, PaymentState } from "./orders";

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
}

export interface StaffOrdersResponse {
  location: BoardLocation;
  orders: StaffOrder[];
  /** Completed or cancelled in the last RECALL_WINDOW_MINUTES, newest first: the board's Done list. */
  done: StaffOrder[];
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
