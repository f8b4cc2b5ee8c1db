import { formatCents } from "#common/money";
import { renderEmail } from "./layout";
import {
  DELIVERY_WINDOW,
  fulfilmentRows,
  orderLinesTable,
  orderNumber,
  paymentLabel,
  pickupLabel,
  type OrderEmailDetails,
} from "./order-lines";

/** The customer's confirmation: the same lines, the total and when to expect the drinks. */
export function customerOrderEmail(details: OrderEmailDetails): { subject: string; html: string; text: string } {
  const greeting = details.customerName ? `Hi ${details.customerName},` : "Hi,";
  const rendered = renderEmail({
    title: `Your Squeeze order ${orderNumber(details.orderId)}`,
    intro:
      `${greeting}\nthank you for your order! Your order is placed, and we will contact you as soon as possible ` +
      `on ${details.phone}.\nDelivery takes ${DELIVERY_WINDOW}.`,
    rows: [
      { label: "Order", value: orderNumber(details.orderId) },
      { label: "Total", value: formatCents(details.totalCents) },
      { label: "Payment", value: paymentLabel(details.paymentMode) },
      ...fulfilmentRows(details),
      ...(details.pickup ? [{ label: "Pickup", value: pickupLabel(details.pickup) }] : []),
    ],
    table: orderLinesTable(details),
    footer:
      "You are receiving this e-mail because you placed an order at Squeeze. Questions? Call the shop and mention your order number.",
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is placed`, ...rendered };
}
