import { formatCents } from "#common/money";
import { renderEmail, type EmailRow } from "./layout";
import { orderReceipt, orderNumber, type OrderEmailDetails } from "./order-lines";

/** The location the order belongs to: where a pickup is collected, and whom to call. */
export interface PickupShop {
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
  location: PickupShop,
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
    receipt: orderReceipt(details),
    footer: "You are receiving this e-mail because you placed an order at Squeeze.",
  });
  return {
    subject: delivering ? `Your order is on its way: ${number}` : `Your order is ready: ${number}`,
    ...rendered,
  };
}

/**
 * Where a cancelled order's money stands as the customer is told: nothing was charged, the
 * refund was made, it has not gone through yet (the shop retries it; another e-mail follows), or
 * it was paid at the counter (where the shop gives it back).
 */
export type CancellationRefund =
  | { state: "none" }
  | { state: "refunded"; cents: number }
  | { state: "pending"; cents: number }
  | { state: "at_counter"; cents: number };

function refundWords(refund: CancellationRefund): { intro: string; row: string } {
  switch (refund.state) {
    case "none":
      return { intro: "Nothing was charged for this order.", row: "None (not charged)" };
    case "refunded":
      return {
        intro: `We have refunded ${formatCents(refund.cents)} to the card you paid with; it usually shows within 5-10 business days.`,
        row: formatCents(refund.cents),
      };
    case "pending":
      return {
        intro: `Your refund of ${formatCents(refund.cents)} has not gone through yet: the shop is making it, and we will e-mail you as soon as it has.`,
        row: `${formatCents(refund.cents)} (not made yet)`,
      };
    case "at_counter":
      return {
        intro: `You paid ${formatCents(refund.cents)} at the counter: the shop gives it back to you there.`,
        row: `${formatCents(refund.cents)}, given back at the counter`,
      };
  }
}

const questionsRow = (location: PickupShop): EmailRow => ({
  label: "Questions",
  value: `${location.name}, ${location.phone}`,
  href: `tel:${location.phone.replace(/[^+\d]/g, "")}`,
});

const FOOTER = "You are receiving this e-mail because you placed an order at Squeeze.";

/** To the customer when the shop cancels the order: why, and where the money stands. */
export function orderCancelledEmail(
  details: OrderEmailDetails,
  location: PickupShop,
  cancellation: { reason: string; refund: CancellationRefund },
): { subject: string; html: string; text: string } {
  const refund = refundWords(cancellation.refund);
  const rows: EmailRow[] = [
    { label: "Order", value: orderNumber(details.orderId) },
    { label: "Reason", value: cancellation.reason },
    { label: "Refund", value: refund.row },
    questionsRow(location),
  ];
  const rendered = renderEmail({
    title: "Your order is cancelled",
    intro: `${greeting(details)}\nwe are sorry: ${location.name} had to cancel your order ${orderNumber(details.orderId)}.\n${refund.intro}`,
    rows,
    message: { label: "Reason", text: cancellation.reason },
    receipt: orderReceipt(details),
    footer: FOOTER,
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is cancelled`, ...rendered };
}

/** To the customer whose cancellation e-mail said the refund had not gone through, once it has. */
export function orderRefundedEmail(
  details: OrderEmailDetails,
  location: PickupShop,
  refundedCents: number,
): { subject: string; html: string; text: string } {
  const rendered = renderEmail({
    title: "Your refund is made",
    intro: `${greeting(details)}\nwe have refunded ${formatCents(refundedCents)} for your cancelled order ${orderNumber(details.orderId)} to the card you paid with; it usually shows within 5-10 business days.`,
    rows: [
      { label: "Order", value: orderNumber(details.orderId) },
      { label: "Refund", value: formatCents(refundedCents) },
      questionsRow(location),
    ],
    receipt: orderReceipt(details),
    footer: FOOTER,
  });
  return { subject: `Your Squeeze order ${orderNumber(details.orderId)} is refunded`, ...rendered };
}
