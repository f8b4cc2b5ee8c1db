import { formatCents } from "#common/money";
import { renderEmail, type EmailRow } from "./layout";
import { orderLinesTable, orderNumber, type OrderEmailDetails } from "./order-lines";

/** The location the order belongs to: where a pickup is collected, and whom to call. */
export interface PickupLocation {
  name: string;
  address: string;
  phone: string;
}

const greeting = (details: OrderEmailDetails) => (details.customerName ? `Hi ${details.customerName},` : "Hi,");

/**
 * To the customer when the counter marks the order ready: come and collect it, or, for a
 * delivery, it is on its way to the address given (no pickup in either the words or the rows).
 */
export function orderReadyEmail(
  details: OrderEmailDetails,
  location: PickupLocation,
): { subject: string; html: string; text: string } {
  const number = orderNumber(details.orderId);
  const delivering = details.fulfilment === "delivery";
  const shopPhone = {
    label: "Shop phone",
    value: location.phone,
    href: `tel:${location.phone.replace(/[^+\d]/g, "")}`,
  };
  const rendered = renderEmail({
    title: delivering ? "Your order is on its way" : "Your order is ready",
    intro: delivering
      ? `${greeting(details)}\nyour order ${number} is ready and on its way to ${details.fulfilmentAddress}.`
      : `${greeting(details)}\nyour order ${number} is ready. Come and pick it up at ${location.name}, ${location.address}.`,
    rows: [
      { label: "Order", value: number },
      delivering
        ? { label: "Deliver to", value: details.fulfilmentAddress }
        : { label: "Pick up at", value: `${location.name}, ${location.address}` },
      shopPhone,
      { label: "Total", value: formatCents(details.totalCents) },
    ],
    table: orderLinesTable(details),
    footer: "You are receiving this e-mail because you placed an order at Squeeze.",
  });
  return {
    subject: delivering ? `Your order is on its way: ${number}` : `Your order is ready: ${number}`,
    ...rendered,
  };
}

/** To the customer when the shop cancels the order: why, and the refund when one was made. */
export function orderCancelledEmail(
  details: OrderEmailDetails,
  location: PickupLocation,
  cancellation: { reason: string; refundedCents: number | null },
): { subject: string; html: string; text: string } {
  const refund =
    cancellation.refundedCents !== null
      ? `We have refunded ${formatCents(cancellation.refundedCents)} to the card you paid with; it usually shows within 5-10 business days.`
      : "Nothing was charged for this order.";
  const rows: EmailRow[] = [
    { label: "Order", value: orderNumber(details.orderId) },
    { label: "Reason", value: cancellation.reason },
    {
      label: "Refund",
      value: cancellation.refundedCents !== null ? formatCents(cancellation.refundedCents) : "None (not charged)",
    },
    {
      label: "Questions",
      value: `${location.name}, ${location.phone}`,
      href: `tel:${location.phone.replace(/[^+\d]/g, "")}`,
    },
  ];
  const rendered = renderEmail({
    title: "Your order is cancelled",
    intro: `${greeting(details)}\nwe are sorry: ${location.name} had to cancel your order ${orderNumber(details.orderId)}.\n${refund}`,
    rows,
    message: { label: "Reason", text: cancellation.reason },
    table: orderLinesTable(details),
    footer: "You are receiving this e-mail because you placed an order at Squeeze.",
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is cancelled`, ...rendered };
}
