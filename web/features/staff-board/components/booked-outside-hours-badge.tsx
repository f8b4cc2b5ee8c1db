import { useQuery } from "@tanstack/react-query";
import { isBookedOutsideHours } from "#common/hours/booked-outside-hours";
import type { StaffOrder } from "#common/staff-orders";
import { staffOrdersQueryOptions } from "#web/features/staff-board/api/list-staff-orders";
import "./booked-outside-hours-badge.css";

/**
 * On a ticket booked for a pickup time the shop's hours no longer include (shortened hours, a
 * holiday written after the order was placed): "Booked outside the new hours", so the counter
 * calls the shopper (their phone is in the ticket's details). The hours are the board's own
 * (GET /api/staff/orders' location, read again whenever the board reloads its orders): reading
 * them here asks for nothing more.
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
