import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { BOARD_LIVE_PATH, type BoardOrderMessage } from "#common/live-updates";
import type { StaffOrder } from "#common/staff-orders";
import { isRecord } from "#web/lib/guards";
import { openLiveSocket, type LiveStatus } from "#web/lib/live-socket";
import { staffSessionEnded } from "./api/check-session";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "./api/list-staff-orders";
import { readAcknowledgedMessage, withAcknowledgements } from "./alerts/acknowledgements";
import { useNewOrderAlerts } from "./alerts/new-order-alerts";
import { withBoardOrder } from "./board-orders";

/**
 * A quick heartbeat: with a ping every 3 s and 2 s for its pong, a network that dies without a
 * word shows "Offline" within 5 s (the browser's offline event does it at once).
 */
const BOARD_HEARTBEAT = { everyMs: 3_000, timeoutMs: 2_000 };
/** A handshake that hangs is tried again after 5 s, so the board is back within seconds of the network. */
const BOARD_CONNECT_TIMEOUT_MS = 5_000;

function readBoardMessage(data: unknown): StaffOrder | null {
  if (!isRecord(data) || data.type !== "order" || !isRecord(data.order)) return null;
  const order = (data as unknown as BoardOrderMessage).order;
  return typeof order.id === "string" && typeof order.status === "string" && Array.isArray(order.lines) ? order : null;
}

/**
 * The staff pages' live channel: new orders and every change arrive by themselves. On every
 * (re)connection the orders are read again from the API, so nothing is missed while offline
 * (and what arrived meanwhile alerts like any new order: see useNewOrderAlerting). A socket
 * closed because the session ended, or refused after it ended offline (the page then asks
 * GET /api/me), stays closed (`signed_out`), and the orders are read again so
 * the page shows whether the person is signed out or no longer on the staff list. A new `shopId`
 * (the member switched shop) closes the socket and opens one on that shop.
 */
export function useBoardLive(enabled: boolean, shopId?: string): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    if (!enabled) return;
    return openLiveSocket({
      path: BOARD_LIVE_PATH,
      heartbeat: BOARD_HEARTBEAT,
      connectTimeoutMs: BOARD_CONNECT_TIMEOUT_MS,
      // A session that ended while the board was offline is refused at the reconnection's handshake.
      sessionEnded: staffSessionEnded,
      onStatus: (next) => {
        setStatus(next);
        // The session ended: whether it was a sign-out or the staff list, the API's answer says.
        if (next === "signed_out") void queryClient.resetQueries({ queryKey: staffOrdersQueryKey });
      },
      onOpen: () => void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
      onMessage: (data) => {
        const seen = readAcknowledgedMessage(data);
        if (seen) {
          // Seen on another board of the shop: the alert ends here too.
          useNewOrderAlerts.getState().markSeen(seen.map((acknowledgement) => acknowledgement.orderId));
          queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) => withAcknowledgements(board, seen));
          return;
        }
        const order = readBoardMessage(data);
        if (!order) return;
        queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) => withBoardOrder(board, order));
      },
    });
    // shopId: the server opens the socket on the shop the member chose last, so a switch reconnects.
  }, [enabled, queryClient, shopId]);

  return enabled ? status : "connecting";
}
