import { formatCents } from "#common/money";
import { whenAndWhere } from "#common/order-timing";
import { renderEmail } from "./layout";
import { fulfilmentRows, orderReceipt, orderNumber, paymentLabel, type OrderEmailDetails } from "./order-lines";

/** The spec's words for a placed order (section 8), verbatim, as the success modal says them. */
export const ORDER_PLACED_SENTENCE = "Your order is placed, We will contact you as soon as possible.";

/** The customer's confirmation: the same lines, the total and when to expect the drinks. */
export function customerOrderEmail(details: OrderEmailDetails): { subject: string; html: string; text: string } {
  const greeting = details.customerName ? `Hi ${details.customerName},` : "Hi,";
  const rendered = renderEmail({
    title: `Your Squeeze order ${orderNumber(details.orderId)}`,
    intro: [
      `${greeting}`,
      `thank you for your order! ${ORDER_PLACED_SENTENCE}`,
      // Read later than it was sent: the day is named, never "today" or "tomorrow".
      whenAndWhere(details, { sayToday: false }),
      `No need to wait for a call: we call ${details.phone} only if there is a question about your order.`,
    ].join("\n"),
    rows: [
      ...(details.shopName ? [{ label: "Shop", value: details.shopName }] : []),
      { label: "Order", value: orderNumber(details.orderId) },
      { label: "Total", value: formatCents(details.totalCents) },
      { label: "Payment", value: paymentLabel(details) },
      ...fulfilmentRows(details),
    ],
    receipt: orderReceipt(details),
    footer:
      "You are receiving this e-mail because you placed an order at Squeeze. Questions? Call the shop and mention your order number.",
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is placed`, ...rendered };
}
