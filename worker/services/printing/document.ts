/**
 * What a job prints, apart from any printer's language: pages of lines (each page is cut off
 * after it). Written into the job when it is made, so a ticket prints the order as it was then;
 * ./render.ts turns it into StarPRNT, Star Line or plain text for the printer's paper.
 */
import { sizeLabel } from "#common/catalog";
import { formatTimeIn } from "#common/hours/format";
import type { FulfilmentMethod } from "#common/fulfilment";
import { orderNumber, type OrderPickup } from "#common/orders";

export interface PrintLine {
  text: string;
  /** `big`: twice as wide and tall, for what is read from across the counter. */
  style?: "big" | "bold";
  center?: boolean;
}

export interface PrintDocument {
  pages: PrintLine[][];
}

/** An order as a ticket or a label needs it. */
export interface PrintableOrder {
  id: string;
  shopName: string;
  customerName: string;
  fulfilment: FulfilmentMethod;
  /** The pickup (or delivery) time on the shop's clock, e.g. "9:15 AM"; null when not known. */
  pickupTime: string | null;
  /** "As soon as possible" rather than a chosen time. */
  asap: boolean;
  lines: { name: string; size: string; quantity: number; note: string; addOns: string[] }[];
}

/**
 * What of an order a ticket or a label reads, as the orders room loads it (its LoadedOrder has
 * these fields): named here so that the orders room can hand an order to this room, which never
 * imports it back.
 */
export interface OrderToPrint {
  row: { id: string; locationId: string; customerName: string; fulfilment: FulfilmentMethod };
  pickup: OrderPickup | null;
  prepStartsAt?: string | null;
  items: {
    name: string;
    size: string;
    quantity: number;
    comment: string;
    options: { name: string; isDefault: boolean }[];
  }[];
}

export function printableOrder(order: OrderToPrint, shopName: string): PrintableOrder {
  const { row, pickup } = order;
  return {
    id: row.id,
    shopName,
    customerName: row.customerName,
    fulfilment: row.fulfilment,
    pickupTime: pickup ? formatTimeIn(new Date(pickup.at), pickup.timeZone) : null,
    asap: pickup?.mode !== "slot",
    lines: order.items.map((item) => ({
      name: item.name,
      size: item.size,
      quantity: item.quantity,
      note: item.comment,
      // A default choice is the plain drink: it is shown nowhere, so not on paper either.
      addOns: item.options.filter((option) => !option.isDefault).map((option) => option.name),
    })),
  };
}

/** The first word of the shopper's name: what the barista calls out. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "Guest";
}

function whenLine(order: PrintableOrder): string {
  const what = order.fulfilment === "delivery" ? "Delivery" : "Pickup";
  if (!order.pickupTime) return what;
  return order.asap ? `${what} ASAP, about ${order.pickupTime}` : `${what} ${order.pickupTime}`;
}

const sizeText = (size: string) => (size === "default" ? "" : sizeLabel(size));

/** The order's ticket: number, name, time, and every line with its add-ons and note. */
export function ticketDocument(order: PrintableOrder): PrintDocument {
  const lines: PrintLine[] = [
    { text: order.shopName, center: true },
    { text: orderNumber(order.id), style: "big", center: true },
    { text: firstName(order.customerName), style: "big", center: true },
    { text: whenLine(order), style: "bold", center: true },
    { text: "" },
  ];
  for (const line of order.lines) {
    const size = sizeText(line.size);
    lines.push({ text: `${line.quantity} x ${line.name}${size ? ` (${size})` : ""}`, style: "bold" });
    for (const addOn of line.addOns) lines.push({ text: `  + ${addOn}` });
    if (line.note) lines.push({ text: `  Note: ${line.note}` });
  }
  const drinks = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  lines.push({ text: "" }, { text: `${drinks} ${drinks === 1 ? "drink" : "drinks"}` });
  return { pages: [lines] };
}

/** One label per cup: "2 of 3", the drink, its size, add-ons and note, the name, number and time. */
export function labelsDocument(order: PrintableOrder): PrintDocument {
  const cups = order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line));
  return {
    pages: cups.map((line, index) => {
      const size = sizeText(line.size);
      return [
        { text: `${index + 1} of ${cups.length}   ${orderNumber(order.id)}`, style: "bold" },
        { text: line.name, style: "big" },
        ...(size ? [{ text: size, style: "bold" as const }] : []),
        ...line.addOns.map((addOn) => ({ text: `+ ${addOn}` })),
        ...(line.note ? [{ text: `Note: ${line.note}` }] : []),
        { text: `${firstName(order.customerName)} - ${whenLine(order)}` },
      ];
    }),
  };
}

/** The slip that tells the counter to stop making an order whose ticket printed. */
export function cancelledDocument(order: PrintableOrder): PrintDocument {
  return {
    pages: [
      [
        { text: "CANCELLED", style: "big", center: true },
        { text: orderNumber(order.id), style: "big", center: true },
        { text: firstName(order.customerName), style: "bold", center: true },
        { text: "Do not make this order.", center: true },
      ],
    ],
  };
}
