import { sizeLabel } from "#common/catalog";
import { formatCents } from "#common/money";
import type { FulfilmentMethod } from "#common/fulfilment";
import { formatTimeIn } from "#common/hours/format";
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
  lines: OrderLine[];
  /** The chosen pickup time; null for orders from before pickup times. */
  pickup: OrderPickup | null;
}

/** "3:15 PM" for a chosen slot, "As soon as possible (ready around 2:45 PM)" otherwise. */
export function pickupLabel(pickup: OrderPickup): string {
  const time = formatTimeIn(new Date(pickup.at), pickup.timeZone);
  return pickup.mode === "slot" ? time : `As soon as possible (ready around ${time})`;
}

/** Where the drinks go (or are collected), and the delivery fee the total includes. */
export function fulfilmentRows(details: OrderEmailDetails): EmailRow[] {
  if (details.fulfilment === "delivery") {
    return [
      { label: "Deliver to", value: details.fulfilmentAddress },
      { label: "Delivery fee", value: formatCents(details.deliveryFeeCents) },
    ];
  }
  return details.fulfilmentAddress
    ? [{ label: "Pickup at", value: details.fulfilmentAddress }]
    : [{ label: "Pickup", value: "At the shop" }];
}

/** The shop's promise, also in the FAQ. */
export const DELIVERY_WINDOW = "60-90 minutes";

export function paymentLabel(mode: OrderEmailDetails["paymentMode"]): string {
  return mode === "stripe" ? "Paid by card (Stripe)" : "Pay on pickup / delivery";
}

export { orderNumber } from "#common/orders";

/** Item, size, quantity, price, subtotal and note for every line, then the total. */
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
    rows: details.lines.map((line) => [
      line.name,
      sizeLabel(line.size),
      String(line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.subtotalCents),
      line.note,
    ]),
    footerRow: ["Total", "", "", "", formatCents(details.totalCents), ""],
  };
}
