import { formatCents } from "#common/money";
import { renderEmail } from "./layout";
import {
  DELIVERY_WINDOW,
  fulfilmentRows,
  orderLinesTable,
  orderNumber,
  paymentLabel,
  type OrderEmailDetails,
} from "./order-lines";

/** Where and when, in a sentence: a delivery's address and window, or the counter to collect from. */
function fulfilmentSentence(details: OrderEmailDetails): string {
  if (details.fulfilment === "delivery")
    return `We deliver it to ${details.fulfilmentAddress} within ${DELIVERY_WINDOW}.`;
  return `Pick it up at ${details.fulfilmentAddress || "the shop"}.`;
}

/** The customer's confirmation: the same lines, the total and when to expect the drinks. */
export function customerOrderEmail(details: OrderEmailDetails): { subject: string; html: string; text: string } {
  const greeting = details.customerName ? `Hi ${details.customerName},` : "Hi,";
  const rendered = renderEmail({
    title: `Your Squeeze order ${orderNumber(details.orderId)}`,
    intro:
      `${greeting}\nthank you for your order! Your order is placed, and we will contact you as soon as possible ` +
      `on ${details.phone}.\n${fulfilmentSentence(details)}`,
    rows: [
      { label: "Order", value: orderNumber(details.orderId) },
      { label: "Total", value: formatCents(details.totalCents) },
      { label: "Payment", value: paymentLabel(details) },
      ...fulfilmentRows(details),
    ],
    table: orderLinesTable(details),
    footer:
      "You are receiving this e-mail because you placed an order at Squeeze. Questions? Call the shop and mention your order number.",
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is placed`, ...rendered };
}
