import { deviceTimeZone } from "#common/hours/shop-clock";
import { formatCents } from "#common/money";
import { discountsText, NOTHING_TO_PAY } from "#common/order-discounts";
import { orderTiming, whenAndWhere } from "#common/order-timing";
import { orderNumber, type Order } from "#common/orders";
import type { FeedbackDetail } from "#web/shared-features/feedback/feedback-store";
import { chosenShopName } from "#web/shared-features/shop-picker/use-chosen-shop";

/**
 * After when and where: how the spec's "We will contact you as soon as possible" comes, which this
 * line keeps (an e-mail when it is ready; a call only with a question), never contradicting it.
 */
export const HOW_WE_CONTACT_YOU =
  "We will contact you by e-mail when it is ready, and call only if there is a question about your order.";

export type OrderFacts = Pick<Order, "id" | "totalCents" | "paymentMode" | "paymentState"> &
  Partial<Pick<Order, "fulfilment" | "fulfilmentAddress" | "pickup" | "tipCents" | "createdAt" | "discounts">>;

function paymentText(order: OrderFacts): string {
  if (order.totalCents === 0) return NOTHING_TO_PAY;
  if (order.paymentState === "paid") return "Paid by card";
  if (order.paymentMode === "stripe") return "By card";
  return order.fulfilment === "delivery" ? "Pay on delivery" : "Pay on pickup";
}

/**
 * The success modal's facts about the order just placed: its number, discount, tip, total, payment, where and
 * when (on the shop's clock, naming it when this device's reads otherwise).
 */
export function placedOrderDetails(order: OrderFacts, shopName: string | null = chosenShopName()): FeedbackDetail[] {
  const fulfilment = order.fulfilment ?? "pickup";
  const discounts = discountsText(order.discounts ?? []);
  const timing = orderTiming(
    { fulfilment, pickup: order.pickup, createdAt: order.createdAt },
    new Date(),
    deviceTimeZone(),
    shopName,
  );
  const place =
    fulfilment === "delivery"
      ? order.fulfilmentAddress && { label: "Deliver to", value: order.fulfilmentAddress }
      : order.fulfilmentAddress && { label: "Pickup at", value: order.fulfilmentAddress };
  return [
    { label: "Order", value: orderNumber(order.id) },
    ...(discounts ? [{ label: "Discount", value: discounts }] : []),
    ...(order.tipCents ? [{ label: "Tip", value: formatCents(order.tipCents) }] : []),
    { label: "Total", value: formatCents(order.totalCents) },
    { label: "Payment", value: paymentText(order) },
    ...(shopName ? [{ label: "Shop", value: shopName }] : []),
    ...(place ? [place] : []),
    ...(timing ? [timing] : []),
  ];
}

/** Said after the spec's message: when and where to collect the order, and how we will contact the shopper. */
export function placedOrderFollowUp(order: OrderFacts, shopName: string | null = chosenShopName()): string {
  const { fulfilment = "pickup", fulfilmentAddress = "", pickup, createdAt } = order;
  const when = whenAndWhere(
    { fulfilment, fulfilmentAddress, pickup, createdAt },
    { deviceTimeZone: deviceTimeZone(), shopName },
  );
  return `${when} ${HOW_WE_CONTACT_YOU}`;
}
