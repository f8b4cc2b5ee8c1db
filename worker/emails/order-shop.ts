import { formatDateTimeIn } from "#common/hours/format";
import { formatCents } from "#common/money";
import { renderEmail } from "./layout";
import { fulfilmentRows, orderReceipt, orderNumber, paymentLabel, type OrderEmailDetails } from "./order-lines";

/** The shop's copy of a new order: who ordered, how to reach them, and what to make. */
export function shopOrderEmail(details: OrderEmailDetails): { subject: string; html: string; text: string } {
  const rendered = renderEmail({
    title: `New order ${orderNumber(details.orderId)}`,
    intro: `A new order of ${formatCents(details.totalCents)} was placed on the website${details.shopName ? ` for ${details.shopName}` : ""}.`,
    rows: [
      ...(details.shopName ? [{ label: "Shop", value: details.shopName }] : []),
      { label: "Order", value: orderNumber(details.orderId) },
      { label: "Placed at", value: placedAt(details) },
      { label: "Customer", value: details.customerName },
      {
        label: "Email",
        value: details.customerEmail,
        href: details.customerEmail ? `mailto:${details.customerEmail}` : undefined,
      },
      { label: "Phone", value: details.phone, href: `tel:${details.phone.replace(/[^0-9+]/g, "")}` },
      { label: "Payment", value: paymentLabel(details) },
      ...fulfilmentRows(details),
    ],
    receipt: orderReceipt(details),
  });
  return {
    subject: `New order ${orderNumber(details.orderId)} from ${details.customerName || details.customerEmail || "a customer"} — ${formatCents(details.totalCents)}`,
    ...rendered,
  };
}

/** On the shop's clock when the order has its location's time zone (every order with a pickup time), else in UTC. */
function placedAt(details: OrderEmailDetails): string {
  const placed = new Date(details.createdAt);
  return details.pickup ? formatDateTimeIn(placed, details.pickup.timeZone) : `${formatDateTimeIn(placed, "UTC")} UTC`;
}
