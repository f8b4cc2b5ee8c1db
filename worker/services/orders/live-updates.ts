/** What the live channel tells a location's boards and an order's owner about a change. */
import type { BoardOrderMessage, ShopperOrderMessage } from "#common/live-updates";
import type { StaffOrder } from "#common/staff-orders";
import type { LocationMessages } from "#worker/live/channel";
import type { Announcements } from "#worker/services/announcements";
import type { LoadedOrder } from "./loading";
import { toStaffOrder } from "./shapes";

/** An order as it now is, and whose it is. */
export interface OrderUpdate {
  locationId: string;
  ownerUserId: string;
  order: StaffOrder;
}

/** The board's message (the whole order) and the owner's (its progress only: no phone, no lines). */
export function orderUpdateMessages(update: OrderUpdate): LocationMessages {
  const board: BoardOrderMessage = { type: "order", order: update.order };
  const shopper: ShopperOrderMessage = {
    type: "progress",
    order: {
      id: update.order.id,
      status: update.order.status,
      paymentState: update.order.paymentState,
      cancelReason: update.order.cancelReason,
      updatedAt: update.order.updatedAt,
    },
  };
  return {
    locationId: update.locationId,
    board: JSON.stringify(board),
    shopper: { userId: update.ownerUserId, message: JSON.stringify(shopper) },
  };
}

/** A committed change to the order: its e-mails and pushes, and the order as it now is for the live pages. */
export function orderNews(order: LoadedOrder, emailIds: string[], pushIds: string[] = []): Announcements {
  const update = { locationId: order.row.locationId, ownerUserId: order.row.userId, order: toStaffOrder(order) };
  return { emailIds, live: [orderUpdateMessages(update)], pushIds };
}
