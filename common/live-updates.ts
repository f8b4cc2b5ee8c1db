import type { OrderStatus, PaymentState } from "./orders";
import type { OrderAcknowledgement, StaffOrder } from "./staff-orders";

/** What a shopper's page learns about one of their own orders. */
export interface OrderProgress {
  id: string;
  status: OrderStatus;
  paymentState: PaymentState;
  cancelReason: string | null;
  updatedAt: string;
}

/** Sent to every open board of the order's location: a new order or a change, in full. */
export interface BoardOrderMessage {
  type: "order";
  order: StaffOrder;
}

/**
 * Sent to every open board of the location when someone there taps "Seen": these new orders are
 * acknowledged, and every board drops their alert (the orders themselves do not change).
 */
export interface BoardAcknowledgedMessage {
  type: "acknowledged";
  acknowledgements: OrderAcknowledgement[];
}

/** Sent only to the sockets of the order's owner. */
export interface ShopperOrderMessage {
  type: "progress";
  order: OrderProgress;
}

/** Both live channels answer this text with "pong" (without waking the Durable Object). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/**
 * The close code of a live socket whose sign-in session ended (signed out, expired) or lost its
 * access (no longer staff): an application code, so the page stops reconnecting and says the
 * person is signed out.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The WebSocket addresses: the board's (staff only) and a shopper's (their own orders only). */
export const BOARD_LIVE_PATH = "/api/live/board";
export const SHOPPER_LIVE_PATH = "/api/live/orders";
