import { useEffect, type RefObject } from "react";
import type { StaffOrder } from "#common/staff-orders";
import { useNewOrderAlerts } from "./alerts/new-order-alerts";

/**
 * An order picked from the new orders' list comes into view on the board, inside its lane's own
 * scrolling, and takes the focus, however far down its lane it is: one tap from the alert.
 */
export function useRevealTicket(board: RefObject<HTMLElement | null>, orders: readonly StaffOrder[] | undefined) {
  const revealing = useNewOrderAlerts((state) => state.revealing);
  const reveal = useNewOrderAlerts((state) => state.reveal);
  useEffect(() => {
    if (!revealing) return;
    const ticket = board.current?.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(revealing)}"]`);
    if (!ticket) return;
    ticket.scrollIntoView({ block: "nearest" });
    ticket.focus({ preventScroll: true });
    reveal(null);
  }, [revealing, orders, board, reveal]);
}
