import { sizeLabel } from "../../common/catalog";
import { formatCents } from "../../common/money";
import type { OrderLine } from "../../common/forms/checkout";
import type { EmailTable } from "./layout";

/** What both order e-mails need to know about an order. */
export interface OrderEmailDetails {
  orderId: string;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  phone: string;
  totalCents: number;
  paymentMode: "pay_on_pickup" | "stripe";
  lines: OrderLine[];
}

/** The shop's promise, also in the FAQ. */
export const DELIVERY_WINDOW = "60-90 minutes";


export function paymentLabel(mode: OrderEmailDetails["paymentMode"]): string {
  return mode === "stripe" ? "Paid by card (Stripe)" : "Pay on pickup / delivery";
}

/** A short, human order number for subjects and conversations ("#1A2B3C4D"). */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

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
