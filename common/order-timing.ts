import { DELIVERY_WINDOW, type FulfilmentMethod } from "./fulfilment";
import { relativeDayIn } from "./hours/format";
import { formatOnShopClock, formatShopDay } from "./hours/shop-clock";
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
 * page, the board and the e-mails all say it this way, on the shop's clock; given the device's time
 * zone (a shopper's page), a time its clock reads otherwise is named ("7:15 AM Pacific Time").
 */
export function orderTiming(
  order: { fulfilment: FulfilmentMethod; pickup?: OrderPickup | null; createdAt?: string },
  now: Date = new Date(),
  deviceTimeZone?: string,
  shopName?: string | null,
): OrderTiming | null {
  const time = order.pickup
    ? pickupTime(order.pickup, order.createdAt ? new Date(order.createdAt) : now, deviceTimeZone, shopName)
    : null;
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
function pickupTime(
  pickup: OrderPickup,
  placedAt: Date,
  deviceTimeZone: string | undefined,
  shopName: string | null | undefined,
): string {
  const at = new Date(pickup.at);
  const sameDay = relativeDayIn(at, placedAt, pickup.timeZone) === "today";
  const style = pickup.mode === "slot" && !sameDay ? "dayAndTime" : "time";
  return formatOnShopClock(at, pickup.timeZone, { style, deviceTimeZone, shopName });
}

/**
 * When and where to collect the order, in a sentence, as the success modal and the customer's
 * e-mail add it to the spec's "We will contact you as soon as possible.": "Pick it up at 512 South
 * Brookhurst St #4, tomorrow (Sat, Nov 28) at 9:30 AM." For a delivery, when it leaves the shop
 * and for where, or the delivery window. An e-mail, read later, names the day itself
 * (`sayToday: false`): "on Sat, Nov 28 at 9:30 AM".
 */
export function whenAndWhere(
  order: {
    fulfilment: FulfilmentMethod;
    fulfilmentAddress: string;
    pickup?: OrderPickup | null;
    createdAt?: string;
  },
  {
    now = new Date(),
    deviceTimeZone,
    sayToday = true,
    shopName,
  }: { now?: Date; deviceTimeZone?: string; sayToday?: boolean; shopName?: string | null } = {},
): string {
  const placedAt = order.createdAt ? new Date(order.createdAt) : now;
  const { pickup } = order;
  const when = (slot: OrderPickup) => dayAndTime(slot, sayToday ? placedAt : null, deviceTimeZone, shopName);
  if (order.fulfilment === "delivery") {
    return pickup?.mode === "slot"
      ? `It leaves the shop ${when(pickup)} for ${order.fulfilmentAddress}.`
      : `We deliver it to ${order.fulfilmentAddress} within ${DELIVERY_WINDOW}.`;
  }
  const place = order.fulfilmentAddress || "the shop";
  if (!pickup) return `Pick it up at ${place}.`;
  if (pickup.mode === "asap") {
    const time = formatOnShopClock(new Date(pickup.at), pickup.timeZone, { deviceTimeZone, shopName });
    return `Pick it up at ${place} from around ${time}.`;
  }
  return `Pick it up at ${place}, ${when(pickup)}.`;
}

/**
 * "today at 9:30 AM", "tomorrow (Sat, Nov 28) at 9:30 AM", "on Mon, Nov 30 at 9:30 AM", on the
 * shop's calendar; without a day to count from, always the last.
 */
function dayAndTime(
  pickup: OrderPickup,
  placedAt: Date | null,
  deviceTimeZone: string | undefined,
  shopName: string | null | undefined,
): string {
  const at = new Date(pickup.at);
  const time = formatOnShopClock(at, pickup.timeZone, { deviceTimeZone, shopName });
  const date = formatShopDay(at, pickup.timeZone);
  const day = placedAt ? relativeDayIn(at, placedAt, pickup.timeZone) : null;
  if (day === "today") return `today at ${time}`;
  if (day === "tomorrow") return `tomorrow (${date}) at ${time}`;
  return `on ${date} at ${time}`;
}

/**
 * Once the order is ready, the expected time gives way to what happened: "Ready since 1:47 AM",
 * or for a delivery "On its way since 1:47 AM". `readySince` is the order's last change while it is
 * ready: the counter marking it ready (only payment at the counter changes it later, and then the
 * shopper is at the counter). On the shop's clock, named as orderTiming names it.
 */
export function readyTiming(
  order: {
    fulfilment: FulfilmentMethod;
    pickup?: OrderPickup | null;
    readySince: string;
  },
  deviceTimeZone?: string,
  shopName?: string | null,
): OrderTiming | null {
  if (!order.pickup) return null;
  const time = formatOnShopClock(new Date(order.readySince), order.pickup.timeZone, { deviceTimeZone, shopName });
  return order.fulfilment === "delivery"
    ? { label: "Delivery", value: `On its way since ${time}` }
    : { label: "Pickup", value: `Ready since ${time}` };
}
