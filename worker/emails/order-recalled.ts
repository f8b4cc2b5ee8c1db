import { renderEmail } from "./layout";
import { orderNumber, orderReceipt, type OrderEmailDetails } from "./order-lines";
import type { PickupShop } from "./order-status";

/**
 * To the customer when the counter brings back an order it had cancelled or completed by
 * mistake: it is back on, and where it stands now.
 */
export function orderBackOnEmail(
  details: OrderEmailDetails,
  location: PickupShop,
  backTo: "received" | "preparing" | "ready",
): { subject: string; html: string; text: string } {
  const number = orderNumber(details.orderId);
  const greeting = details.customerName ? `Hi ${details.customerName},` : "Hi,";
  const where =
    backTo === "ready"
      ? details.fulfilment === "delivery"
        ? "It is ready and on its way to you."
        : `It is ready: come and pick it up at ${location.name}, ${location.address}.`
      : "We are making it; you will hear from us when it is ready.";
  const rendered = renderEmail({
    title: "Your order is back on",
    intro: `${greeting}\n${location.name} marked your order ${number} by mistake; it is back on. ${where}\nPlease ignore our previous e-mail about it.`,
    rows: [
      { label: "Order", value: number },
      {
        label: "Questions",
        value: `${location.name}, ${location.phone}`,
        href: `tel:${location.phone.replace(/[^+\d]/g, "")}`,
      },
    ],
    receipt: orderReceipt(details),
    footer: "You are receiving this e-mail because you placed an order at Squeeze.",
  });
  return { subject: `Your Squeeze order ${number} is back on`, ...rendered };
}
