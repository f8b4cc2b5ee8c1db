import { formatCents } from "#common/money";
import { renderEmail } from "./layout";
import { orderNumber, orderReceipt, type OrderEmailDetails } from "./order-lines";
import type { PickupShop } from "./order-status";

/**
 * To the shopper whose card payment arrived after the order had stopped waiting for it (released
 * at the end of the payment's time, docs/decisions/0019-holds-and-releases.md): the order will not
 * be made, and the money is on its way back.
 */
export function latePaymentRefundedEmail(
  details: OrderEmailDetails,
  location: PickupShop,
  holdMinutes: number,
  refundedCents: number,
): { subject: string; html: string; text: string } {
  const number = orderNumber(details.orderId);
  const greeting = details.customerName ? `Hi ${details.customerName},` : "Hi,";
  const rendered = renderEmail({
    title: "Your payment is refunded",
    intro:
      `${greeting}\nyour card payment for order ${number} reached us after the ${holdMinutes} minutes we hold an order while it waits for payment, ` +
      `so the order had already been released and will not be made.\n` +
      `We have refunded ${formatCents(refundedCents)} to the card you paid with; it usually shows within 5-10 business days. ` +
      `You are welcome to order again, or call ${location.name} at ${location.phone}.`,
    rows: [
      { label: "Order", value: number },
      { label: "Refund", value: formatCents(refundedCents) },
      {
        label: "Questions",
        value: `${location.name}, ${location.phone}`,
        href: `tel:${location.phone.replace(/[^+\d]/g, "")}`,
      },
    ],
    receipt: orderReceipt(details),
    footer: "You are receiving this e-mail because you placed an order at Squeeze.",
  });
  return { subject: `Your Squeeze order ${number} is refunded`, ...rendered };
}
