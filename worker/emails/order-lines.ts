import { sizeLabel } from "#common/catalog";
import { optionsSummary } from "#common/modifiers";
import { formatCents } from "#common/money";
import { DELIVERY_WINDOW, type FulfilmentMethod } from "#common/fulfilment";
import { orderTiming } from "#common/order-timing";
import type { OrderLine, OrderPickup, PaymentMode } from "#common/orders";
import type { EmailRow, EmailTable } from "./layout";

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
  lines: OrderLine[];
  /** The time the server set (a pickup's slot or ready time, a delivery's leaving time); null for orders from before pickup times. */
  pickup: OrderPickup | null;
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
export function paymentLabel(details: Pick<OrderEmailDetails, "paymentMode" | "fulfilment">): string {
  if (details.paymentMode === "stripe") return "Paid by card (Stripe)";
  return details.fulfilment === "delivery" ? "Pay on delivery" : "Pay on pickup";
}

export { orderNumber } from "#common/orders";

/** A line's item: the drink, then the options that differ from the defaults ("Berry Blast · Oat milk (+$0.50)"). */
export function lineItemLabel(line: Pick<OrderLine, "name" | "options">): string {
  const options = optionsSummary(line.options);
  return options ? `${line.name} · ${options}` : line.name;
}

/** Item (with its options), size, quantity, price, subtotal and note for every line, then the total. */
export function orderLinesTable(details: OrderEmailDetails): EmailTable {
  return {
    columns: [
      { label: "Item" },
      { label: "Size" },
      { label: "Qty", align: "right" },
      { label: "Price", align: "right" },
      { label: "Subtotal", align: "right" },
      { label: "Note" },
    ],
    rows: details.lines
      .map((line) => [
        lineItemLabel(line),
        sizeLabel(line.size),
        String(line.quantity),
        formatCents(line.unitPriceCents),
        formatCents(line.subtotalCents),
        line.note,
      ])
      .concat(details.tipCents > 0 ? [["Tip", "", "", "", formatCents(details.tipCents), ""]] : []),
    footerRow: ["Total", "", "", "", formatCents(details.totalCents), ""],
  };
}
