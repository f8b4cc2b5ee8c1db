import { useId, useState } from "react";
import { amountToCollect } from "#common/order-lifecycle";
import { formatCents } from "#common/money";
import { orderNumber } from "#common/orders";
import type { DoneOrder } from "#common/staff-orders";
import { Dialog } from "#web/components/dialog/dialog";
import { clockTime } from "#web/features/staff-board/board-orders";

export interface UnpaidTodayProps {
  /** Handed over unpaid today, newest first. */
  orders: DoneOrder[];
  timeZone: string;
  /** The order being marked paid. */
  collecting: string | null;
  error: string | null;
  onCollected(order: DoneOrder): void;
}

/**
 * "Unpaid today · 3": the orders handed over without their money since the shop's day began,
 * for the customer who comes back to pay and for the owner counting the drawer at night.
 */
export function UnpaidToday({ orders, timeZone, collecting, error, onCollected }: UnpaidTodayProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  if (orders.length === 0) return null;
  const owed = orders.reduce((sum, order) => sum + amountToCollect(order), 0);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost board__unpaid-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Unpaid <span className="board__count">{orders.length}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} className="board-history board-done">
        <h2 id={headingId} className="board-history__title">
          Unpaid today · {formatCents(owed)}
        </h2>
        {error && (
          <p className="board-cancel__failure" role="alert">
            {error}
          </p>
        )}
        <ol className="board-done__list" role="list">
          {orders.map((order) => {
            const number = orderNumber(order.id);
            const amount = formatCents(amountToCollect(order));
            return (
              <li key={order.id} className="board-done__entry">
                <p className="board-done__what">
                  <strong>{number}</strong> {order.customerName || "Customer"} · {amount} · handed over{" "}
                  <time dateTime={order.updatedAt}>{clockTime(order.updatedAt, timeZone)}</time>
                </p>
                <button
                  type="button"
                  className="btn btn--primary board-done__recall"
                  aria-label={`Collected ${amount}: order ${number}`}
                  aria-disabled={collecting === order.id}
                  onClick={() => {
                    if (collecting !== order.id) onCollected(order);
                  }}
                >
                  Collected {amount}
                </button>
              </li>
            );
          })}
        </ol>
        <div className="board-history__actions">
          <button type="button" className="btn" onClick={() => setOpen(false)} data-autofocus>
            Close
          </button>
        </div>
      </Dialog>
    </>
  );
}
