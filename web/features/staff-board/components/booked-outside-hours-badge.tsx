import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isBookedOutsideHours } from "#common/hours/booked-outside-hours";
import type { StaffOrder } from "#common/staff-orders";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "#web/features/staff-board/api/list-staff-orders";
import "./booked-outside-hours-badge.css";

/** How often an open board reads the shop's hours again (with its orders), to notice a change to them. */
export const HOURS_REFRESH_MS = 5 * 60_000;

/**
 * On a ticket booked for a pickup time the shop's hours no longer include (shortened hours, a
 * holiday written after the order was placed): "Booked outside the new hours", so the counter
 * calls the shopper (their phone is in the ticket's details). The hours are the board's own
 * (GET /api/staff/orders' location): reading them here asks for nothing more.
 */
export function BookedOutsideHoursBadge({ order }: { order: Pick<StaffOrder, "pickup" | "status"> }) {
  const { data: hours } = useQuery({
    ...staffOrdersQueryOptions(),
    select: (board) => board.location.openingHours,
    // The board's own query loads and refreshes the orders; a ticket only reads them.
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useHoursRefresh();
  if (!hours || order.status === "completed" || order.status === "cancelled") return null;
  if (!isBookedOutsideHours(order.pickup, hours)) return null;
  return (
    // Said in words and with an icon, never by colour alone.
    <p className="board-card__outside-hours">
      <span aria-hidden="true">⚠ </span>Booked outside the new hours
      <span className="visually-hidden">: call the customer</span>
    </p>
  );
}

/**
 * Live updates bring the orders, not the hours: while any ticket is on the board, the board's
 * orders (and with them the hours) are read again every HOURS_REFRESH_MS, one timer per board
 * however many tickets there are.
 */
const refreshers = new WeakMap<QueryClient, { tickets: number; timer: ReturnType<typeof setInterval> }>();

function useHoursRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresher = refreshers.get(queryClient) ?? {
      tickets: 0,
      timer: setInterval(() => void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }), HOURS_REFRESH_MS),
    };
    refresher.tickets += 1;
    refreshers.set(queryClient, refresher);
    return () => {
      refresher.tickets -= 1;
      if (refresher.tickets > 0) return;
      clearInterval(refresher.timer);
      refreshers.delete(queryClient);
    };
  }, [queryClient]);
}
