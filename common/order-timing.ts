import { DELIVERY_WINDOW, type FulfilmentMethod } from "./fulfilment";
import { formatDateTimeIn, formatTimeIn, relativeDayIn } from "./hours/format";
import type { OrderPickup } from "./orders";

/** A labelled fact about when an order is expected, e.g. { label: "Pickup", value: "3:15 PM" }. */
export interface OrderTiming {
  label: "Pickup" | "Delivery";
  value: string;
}

/**
 * When the shopper can expect the order, in the words its kind calls for. The server stores one
 * time per order: the chosen slot, or the estimated ready time for "as soon as possible". For a
 * pickup that is the time at the counter; for a delivery it is when the drinks leave the shop,
 * and the shopper is promised the delivery window from ordering. The checkout modal, the order
 * page, the board and the e-mails all say it this way.
 */
export function orderTiming(
  order: { fulfilment: FulfilmentMethod; pickup?: OrderPickup | null; createdAt?: string },
  now: Date = new Date(),
): OrderTiming | null {
  const time = order.pickup ? pickupTime(order.pickup, order.createdAt ? new Date(order.createdAt) : now) : null;
  if (order.fulfilment === "delivery") {
    if (!order.pickup || !time) return { label: "Delivery", value: `Within ${DELIVERY_WINDOW}` };
    return order.pickup.mode === "slot"
      ? { label: "Delivery", value: `Leaves the shop at ${time}` }
      : { label: "Delivery", value: `Within ${DELIVERY_WINDOW} (leaves the shop around ${time})` };
  }
  if (!order.pickup || !time) return null;
  return order.pickup.mode === "slot"
    ? { label: "Pickup", value: time }
    : { label: "Pickup", value: `As soon as possible (ready around ${time})` };
}

/**
 * "7:15 AM", or with its day when the order was placed on another day than its pickup time's
 * (ordered ahead, docs/decisions/0017-order-ahead.md): "Fri, Nov 27, 7:15 AM".
 */
function pickupTime(pickup: OrderPickup, placedAt: Date): string {
  const at = new Date(pickup.at);
  const sameDay = relativeDayIn(at, placedAt, pickup.timeZone) === "today";
  return pickup.mode === "slot" && !sameDay ? formatDateTimeIn(at, pickup.timeZone) : formatTimeIn(at, pickup.timeZone);
}

/**
 * Once the order is ready, the expected time gives way to what happened: "Ready since 1:47 AM",
 * or for a delivery "On its way since 1:47 AM". `readySince` is the order's last change while it is
 * ready: the counter marking it ready (only payment at the counter changes it later, and then the
 * shopper is at the counter).
 */
export function readyTiming(order: {
  fulfilment: FulfilmentMethod;
  pickup?: OrderPickup | null;
  readySince: string;
}): OrderTiming | null {
  if (!order.pickup) return null;
  const time = formatTimeIn(new Date(order.readySince), order.pickup.timeZone);
  return order.fulfilment === "delivery"
    ? { label: "Delivery", value: `On its way since ${time}` }
    : { label: "Pickup", value: `Ready since ${time}` };
}
