import { NOTHING_TO_PAY } from "#common/order-discounts";
import { sizeLabel } from "#common/catalog";
import { optionsSummary } from "#common/modifiers";
import { formatCents, formatCentsOff } from "#common/money";
import { DELIVERY_WINDOW, type FulfilmentMethod } from "#common/fulfilment";
import { discountLabel } from "#common/order-discounts";
import { orderTiming } from "#common/order-timing";
import type { OrderDiscount, OrderLine, OrderPickup, PaymentMode } from "#common/orders";
import type { EmailReceipt, EmailRow } from "./layout";

/** What both order e-mails need to know about an order. */
export interface OrderEmailDetails {
  orderId: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  phone: string;
  totalCents: number;
  paymentMode: PaymentMode;
  fulfilment: FulfilmentMethod;
  /** The delivery address, or the shop's address for a pickup. */
  fulfilmentAddress: string;
  deliveryFeeCents: number;
  /** Included in totalCents; a row of its own when there is one. */
  tipCents: number;
  /** Taken off the drinks before totalCents; a row each ("WELCOME10 −$1.50"). */
  discounts: OrderDiscount[];
  lines: OrderLine[];
  /** The time the server set (a pickup's slot or ready time, a delivery's leaving time); null for orders from before pickup times. */
  pickup: OrderPickup | null;
  /** The shop the order was placed at (its name), when known. */
  shopName?: string;
}

/**
 * Where the drinks go (or are collected), the delivery fee the total includes, and when: a pickup's
 * time at the counter ("Pickup"), or a delivery's window ("Delivery"), never a pickup time for a
 * delivery. The wording is the one the shopper saw at checkout (common/order-timing).
 */
export function fulfilmentRows(details: OrderEmailDetails): EmailRow[] {
  const timing = orderTiming(details);
  if (details.fulfilment === "delivery") {
    return [
      { label: "Deliver to", value: details.fulfilmentAddress },
      { label: "Delivery fee", value: formatCents(details.deliveryFeeCents) },
      ...(timing ? [timing] : []),
    ];
  }
  return [
    details.fulfilmentAddress
      ? { label: "Pickup at", value: details.fulfilmentAddress }
      : { label: "Pickup at", value: "The shop" },
    ...(timing ? [timing] : []),
  ];
}

export { DELIVERY_WINDOW };

/** How the order is paid: by card online, or at the counter or the door. */
export function paymentLabel(details: Pick<OrderEmailDetails, "paymentMode" | "fulfilment" | "totalCents">): string {
  if (details.totalCents === 0) return NOTHING_TO_PAY;
  if (details.paymentMode === "stripe") return "Paid by card (Stripe)";
  return details.fulfilment === "delivery" ? "Pay on delivery" : "Pay on pickup";
}

export { orderNumber } from "#common/orders";

/**
 * Every line as a receipt line: quantity and drink, then its size and unit price, the options that
 * differ from the defaults ("Oat milk (+$0.50), Protein (+$1.00)") and its note; then the discounts
 * taken off the drinks ("Promo code WELCOME10 −$1.50"), the delivery fee and the tip the total
 * includes, and the total.
 */
export function orderReceipt(details: OrderEmailDetails): EmailReceipt {
  return {
    lines: details.lines.map((line) => {
      const options = optionsSummary(line.options);
      return {
        item: `${line.quantity} × ${line.name}`,
        meta: `${sizeLabel(line.size)} · ${formatCents(line.unitPriceCents)} each`,
        details: [...(options ? [options] : []), ...(line.note ? [`Note: ${line.note}`] : [])],
        amount: formatCents(line.subtotalCents),
      };
    }),
    extras: [
      ...details.discounts
        .filter((discount) => discount.amountCents > 0)
        .map((discount) => ({
          label: discountLabel(discount),
          amount: formatCentsOff(discount.amountCents),
        })),
      ...(details.fulfilment === "delivery" && details.deliveryFeeCents > 0
        ? [{ label: "Delivery fee", amount: formatCents(details.deliveryFeeCents) }]
        : []),
      ...(details.tipCents > 0 ? [{ label: "Tip", amount: formatCents(details.tipCents) }] : []),
    ],
    total: { label: "Total", amount: formatCents(details.totalCents) },
  };
}
