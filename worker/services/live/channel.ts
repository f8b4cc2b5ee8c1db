import type { BoardOrderMessage, ShopperOrderMessage } from "#common/live-updates";
import type { StaffOrder } from "#common/staff-orders";
import type { Env } from "#worker/env";
import { LISTENER_HEADER, type Listener } from "#worker/live/location-channel";
import { toStaffOrder, type OrderItemRow, type OrderRow } from "#worker/services/orders/reading";
import type { OrderPickup } from "#common/orders";

function channel(env: Pick<Env, "LOCATION_CHANNEL">, locationId: string) {
  return env.LOCATION_CHANNEL.get(env.LOCATION_CHANNEL.idFromName(locationId));
}

/**
 * Opens a socket on the location's channel for a listener the caller has authenticated. The
 * request to the object is built here: nothing the browser sent (headers, query) reaches it.
 */
export async function connectListener(
  env: Pick<Env, "LOCATION_CHANNEL">,
  locationId: string,
  listener: Listener,
): Promise<Response> {
  const answer = await channel(env, locationId).fetch("https://location-channel.internal/connect", {
    headers: { Upgrade: "websocket", [LISTENER_HEADER]: JSON.stringify(listener) },
  });
  if (!answer.webSocket) return answer;
  // A fresh response: the object's has immutable headers, and the worker's middlewares add theirs.
  return new Response(null, { status: 101, webSocket: answer.webSocket });
}

/** An order as it now is, and whose it is: what the live channel tells the boards and the owner. */
export interface OrderUpdate {
  locationId: string;
  ownerUserId: string;
  order: StaffOrder;
}

/** The update for an order as it now is in D1. */
export function orderUpdate(
  row: OrderRow,
  items: Pick<OrderItemRow, "name" | "size" | "quantity" | "comment">[],
  pickup: OrderPickup | null = null,
): OrderUpdate {
  return { locationId: row.locationId, ownerUserId: row.userId, order: toStaffOrder(row, items, pickup) };
}

/**
 * Tells the location's boards and the order's owner about a new order or a change. Called
 * after the change is committed; a failure is logged, not thrown: the pages catch up from the
 * API when they reconnect, and the change itself has been made.
 */
export async function publishOrderUpdate(env: Pick<Env, "LOCATION_CHANNEL">, update: OrderUpdate): Promise<void> {
  const board: BoardOrderMessage = { type: "order", order: update.order };
  const shopper: ShopperOrderMessage = {
    type: "progress",
    order: {
      id: update.order.id,
      status: update.order.status,
      paymentState: update.order.paymentState,
      cancelReason: update.order.cancelReason,
      updatedAt: update.order.updatedAt,
    },
  };
  try {
    await channel(env, update.locationId).publish({
      board: JSON.stringify(board),
      shopper: { userId: update.ownerUserId, message: JSON.stringify(shopper) },
    });
  } catch (error) {
    console.error(
      `Live update of order ${update.order.id} was not delivered:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** Publishes after the response is sent, so the caller never waits for the boards. */
export function publishSoon(
  ctx: Pick<ExecutionContext, "waitUntil">,
  env: Pick<Env, "LOCATION_CHANNEL">,
  updates: OrderUpdate[],
): void {
  for (const update of updates) ctx.waitUntil(publishOrderUpdate(env, update));
}
