import { useId, useState } from "react";
import { orderDayInstant } from "#common/earlier-orders";
import { ORDER_STATUS_LABELS } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import { Dialog } from "#web/components/dialog/dialog";
import { errorMessage } from "#web/lib/query-client";
import { useCloseEarlierOrders } from "#web/features/staff-board/api/close-earlier-orders";
import { useEarlierOrders } from "#web/features/staff-board/api/list-earlier-orders";
import { historyTime } from "#web/features/staff-board/board-orders";

export interface EarlierOrdersProps {
  /** How many orders are still open from an earlier day of the shop (the board's answer says). */
  count: number;
  timeZone: string;
}

/**
 * "From earlier · 12": orders left open from an earlier day, apart from today's lanes. The list
 * is read a page at a time only when opened; one action closes them all (Ready ones completed,
 * the others cancelled, each with its history row).
 */
export function EarlierOrders({ count, timeZone }: EarlierOrdersProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const pages = useEarlierOrders(open);
  const close = useCloseEarlierOrders();
  if (count === 0 && !close.data) return null;
  const orders = pages.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <section className="board-refunds board-earlier" aria-label="Orders from earlier days">
      {count > 0 && (
        <button
          type="button"
          className="btn btn--ghost board-earlier__open"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          From earlier · {count}
        </button>
      )}
      {close.data && count === 0 && (
        <p className="board-earlier__done" role="status">
          Closed {close.data.closed.completed} completed and {close.data.closed.cancelled} cancelled from earlier days.
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} className="board-history board-done">
        <h2 id={headingId} className="board-history__title">
          From earlier days · {count}
        </h2>
        <p>
          Still open from an earlier day. Close them all: the ones Ready are completed (unpaid ones as not paid), the
          others cancelled; a card payment then waits under Refunds to retry.
        </p>
        {close.error && (
          <p className="board-cancel__failure" role="alert">
            {errorMessage(close.error)}
          </p>
        )}
        {pages.isError && (
          <p className="board-cancel__failure" role="alert">
            {errorMessage(pages.error)}
          </p>
        )}
        <ol className="board-done__list" role="list">
          {orders.map((order) => (
            <li key={order.id} className="board-done__entry">
              <p className="board-done__what">
                <strong>{orderNumber(order.id)}</strong> {order.customerName || "Customer"} ·{" "}
                {ORDER_STATUS_LABELS[order.status]} · for{" "}
                <time dateTime={orderDayInstant(order)}>{historyTime(orderDayInstant(order), timeZone)}</time>
              </p>
            </li>
          ))}
        </ol>
        {pages.hasNextPage && (
          <button
            type="button"
            className="btn"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Show more
          </button>
        )}
        <div className="board-history__actions">
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Keep them
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={close.isPending || count === 0}
            onClick={() => close.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {close.isPending ? "Closing…" : `Close all ${count}`}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
