import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { BOARD_LIVE_PATH, type BoardOrderMessage } from "#common/live-updates";
import type { StaffOrder } from "#common/staff-orders";
import { isRecord } from "#web/lib/guards";
import { openLiveSocket, type LiveStatus } from "#web/lib/live-socket";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "./api/list-staff-orders";
import { withBoardOrder } from "./board-orders";

function readBoardMessage(data: unknown): StaffOrder | null {
  if (!isRecord(data) || data.type !== "order" || !isRecord(data.order)) return null;
  const order = (data as unknown as BoardOrderMessage).order;
  return typeof order.id === "string" && typeof order.status === "string" && Array.isArray(order.lines) ? order : null;
}

/**
 * The board's live channel: new orders and every change arrive by themselves. On every
 * (re)connection the board reads the orders again from the API, so nothing is missed while it
 * was offline. `onNewOrder` hears each order that appears on the board for the first time.
 */
export function useBoardLive(enabled: boolean, onNewOrder: (order: StaffOrder) => void): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const onNewOrderRef = useRef(onNewOrder);
  onNewOrderRef.current = onNewOrder;

  useEffect(() => {
    if (!enabled) return;
    return openLiveSocket({
      path: BOARD_LIVE_PATH,
      onStatus: setStatus,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
      onMessage: (data) => {
        const order = readBoardMessage(data);
        if (!order) return;
        const before = queryClient.getQueryData(staffOrdersQueryOptions().queryKey);
        const after = withBoardOrder(before, order);
        queryClient.setQueryData(staffOrdersQueryOptions().queryKey, after);
        const isNew =
          before !== undefined &&
          !before.orders.some((known) => known.id === order.id) &&
          after?.orders.some((shown) => shown.id === order.id);
        if (isNew) onNewOrderRef.current(order);
      },
    });
  }, [enabled, queryClient]);

  return enabled ? status : "connecting";
}
