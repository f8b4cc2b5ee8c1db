/** The shapes an order is shown in, each made from the order as loaded (./loading.ts). */
import type { Order, OrderLine } from "#common/orders";
import type { OrderStatus } from "#common/orders";
import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import type { OrderEmailDetails } from "#worker/emails/order-lines";
import type { LoadedItem, LoadedOrder } from "./loading";

export function toOrderLine(
  item: Pick<
    LoadedItem,
    "productId" | "name" | "image" | "size" | "unitPriceCents" | "quantity" | "comment" | "options" | "discountCents"
  >,
): OrderLine {
  return {
    productId: item.productId,
    name: item.name,
    image: item.image,
    size: item.size,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    note: item.comment,
    options: item.options,
    subtotalCents: item.unitPriceCents * item.quantity,
    ...(item.discountCents > 0 ? { discountCents: item.discountCents } : {}),
  };
}

/** An order as its shopper sees it (the API's `Order`), with the stamps it earned (./stamps-read.ts). */
export function toOrder({ row, items, pickup, discounts }: LoadedOrder, stampsEarned: number): Order {
  const lines = items.map(toOrderLine);
  return {
    id: row.id,
    locationId: row.locationId,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentState: row.paymentState,
    cancelReason: row.cancelReason,
    totalCents: row.totalCents,
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    deliveryFeeCents: row.deliveryFeeCents,
    tipCents: row.tipCents,
    discountCents: row.discountCents,
    discounts,
    stampsEarned,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    itemCount: lines.reduce((count, line) => count + line.quantity, 0),
    lines,
    pickup,
  };
}

/** An order as the counter sees it (the board, and every live update to a board). */
export function toStaffOrder({ row, items, pickup, prepStartsAt, acknowledged, discounts }: LoadedOrder): StaffOrder {
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentState: row.paymentState,
    customerName: row.customerName,
    phone: row.phone,
    totalCents: row.totalCents,
    tipCents: row.tipCents,
    discountCents: row.discountCents,
    discounts,
    ...(row.refundedCents > 0 ? { refundedCents: row.refundedCents } : {}),
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lines: items.map((item) => ({
      name: item.name,
      size: item.size,
      quantity: item.quantity,
      note: item.comment,
      options: item.options,
    })),
    pickup,
    prepStartsAt: prepStartsAt ?? null,
    acknowledged: acknowledged ?? null,
  };
}

/** A finished order as the board's Done and unpaid lists show it (no lines). */
export function toDoneOrder(row: LoadedOrder["row"], cancelledFrom: OrderStatus | null): DoneOrder {
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentState: row.paymentState,
    customerName: row.customerName,
    totalCents: row.totalCents,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    cancelledFrom,
  };
}

/** Everything the order's e-mails say about it. */
export function toOrderEmailDetails({ row, items, pickup, discounts }: LoadedOrder): OrderEmailDetails {
  return {
    pickup,
    orderId: row.id,
    createdAt: row.createdAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    phone: row.phone,
    totalCents: row.totalCents,
    paymentMode: row.paymentMode,
    fulfilment: row.fulfilment,
    fulfilmentAddress: row.fulfilmentAddress,
    deliveryFeeCents: row.deliveryFeeCents,
    tipCents: row.tipCents,
    discounts,
    lines: items.map(toOrderLine),
  };
}
