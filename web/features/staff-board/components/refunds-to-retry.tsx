import { formatCents } from "#common/money";
import { orderNumber } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";

export interface RefundsToRetryProps {
  /** Cancelled card orders whose refund has not gone through (`refund_pending`), oldest first. */
  orders: StaffOrder[];
  /** The order whose refund is being retried, if any. */
  retrying: string | null;
  onRetry(order: StaffOrder): void;
  onShowDetails(order: StaffOrder): void;
}

/**
 * Money the shop still owes: one slim row above the lanes, only while a cancelled order's card
 * refund has not gone through. Each order is one chip (its number, and under it the amount and the name)
 * with one tap to retry the refund; its details (reason, history of the attempts) are one more
 * tap away.
 */
export function RefundsToRetry({ orders, retrying, onRetry, onShowDetails }: RefundsToRetryProps) {
  if (orders.length === 0) return null;
  return (
    <section className="board-refunds" aria-labelledby="board-refunds-title">
      <h2 id="board-refunds-title" className="board-refunds__title" tabIndex={-1}>
        <span aria-hidden="true">⚠ </span>Refunds to retry <span className="board__count">{orders.length}</span>
      </h2>
      <ol className="board-refunds__list" role="list">
        {orders.map((order) => {
          const number = orderNumber(order.id);
          const busy = retrying === order.id;
          return (
            <li key={order.id} className="board-refund" data-order-id={order.id}>
              <p className="board-refund__what">
                <strong className="board-refund__number">{number}</strong>
                <span className="board-refund__line">
                  <span className="board-refund__amount">{formatCents(order.totalCents)}</span>{" "}
                  {order.customerName || "Customer"}
                </span>
              </p>
              <button
                type="button"
                className="btn btn--primary board-refund__retry"
                aria-label={`Retry the refund of ${formatCents(order.totalCents)}: order ${number}`}
                aria-disabled={busy}
                onClick={() => {
                  if (!busy) onRetry(order);
                }}
              >
                {busy ? "Refunding…" : "Retry refund"}
              </button>
              <button
                type="button"
                className="board-card__details"
                aria-label={`Details of order ${number}`}
                aria-haspopup="dialog"
                onClick={() => onShowDetails(order)}
              >
                <span aria-hidden="true">⋯</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
