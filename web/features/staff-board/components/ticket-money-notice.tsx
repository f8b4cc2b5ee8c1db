import { formatCents } from "#common/money";
import type { StaffOrder } from "#common/staff-orders";

/**
 * What happened to an open order's card payment outside the board: refunded in full from
 * Stripe's dashboard after the counter started on it (stop, or cancel it), or partly refunded
 * (the order goes on). Said in words and colour.
 */
export function TicketMoneyNotice({ order }: { order: StaffOrder }) {
  if (order.paymentState === "refunded") {
    return (
      <p className="board-card__refunded" role="note">
        <strong>
          <span aria-hidden="true">⚠ </span>Refunded
        </strong>{" "}
        from Stripe: stop making it, or cancel it.
      </p>
    );
  }
  if (order.refundedCents && order.refundedCents > 0) {
    return (
      <p className="board-card__part-refunded">
        Refunded {formatCents(order.refundedCents)} of {formatCents(order.totalCents)}
      </p>
    );
  }
  return null;
}
