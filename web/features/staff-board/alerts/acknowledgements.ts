import type { BoardAcknowledgedMessage } from "#common/live-updates";
import type { OrderAcknowledgement, StaffOrdersResponse } from "#common/staff-orders";
import { isRecord } from "#web/lib/guards";

/** The board's data with these acknowledgements on their orders (an acknowledgement never goes away). */
export function withAcknowledgements(
  board: StaffOrdersResponse | undefined,
  acknowledgements: readonly OrderAcknowledgement[],
): StaffOrdersResponse | undefined {
  if (!board || acknowledgements.length === 0) return board;
  const byOrder = new Map(acknowledgements.map((seen) => [seen.orderId, seen]));
  const acknowledge = <T extends { id: string; acknowledged?: OrderAcknowledgement | null }>(order: T): T => {
    const seen = byOrder.get(order.id);
    return seen && !order.acknowledged ? { ...order, acknowledged: seen } : order;
  };
  return { ...board, orders: board.orders.map(acknowledge), done: (board.done ?? []).map(acknowledge) };
}

/** The live channel's "these new orders were seen" message, or null for any other. */
export function readAcknowledgedMessage(data: unknown): OrderAcknowledgement[] | null {
  if (!isRecord(data) || data.type !== "acknowledged" || !Array.isArray(data.acknowledgements)) return null;
  return (data as unknown as BoardAcknowledgedMessage).acknowledgements.filter(
    (seen) => isRecord(seen) && typeof seen.orderId === "string" && typeof seen.at === "string",
  );
}
