import { useId } from "react";
import { recallTarget, ORDER_STATUS_LABELS, RECALL_REFUSALS, RECALL_WINDOW_MINUTES } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import type { DoneOrder } from "#common/staff-orders";
import { Dialog } from "#web/components/dialog/dialog";
import { clockTime } from "#web/features/staff-board/board-orders";

export interface DoneListDialogProps {
  open: boolean;
  /** Completed or cancelled within the recall window, newest first. */
  orders: DoneOrder[];
  now: number;
  timeZone: string;
  /** The order whose recall is on its way. */
  recalling: string | null;
  error: string | null;
  onRecall(order: DoneOrder): void;
  onClose(): void;
}

/**
 * The orders finished in the last 30 minutes, newest first, each with Recall: a completed order
 * goes back to Ready, a cancelled one to where it was cancelled from; one whose money went (or is
 * owed) back, or whose card payment never arrived, cannot come back, and the list says why; one
 * handed over unpaid says "Not paid".
 */
export function DoneListDialog({
  open,
  orders,
  now,
  timeZone,
  recalling,
  error,
  onRecall,
  onClose,
}: DoneListDialogProps) {
  const headingId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId} className="board-history board-done">
      <h2 id={headingId} className="board-history__title">
        Done in the last {RECALL_WINDOW_MINUTES} minutes
      </h2>
      {error && (
        <p className="board-cancel__failure" role="alert">
          {error}
        </p>
      )}
      {orders.length === 0 ? (
        <p>Nothing completed or cancelled in the last {RECALL_WINDOW_MINUTES} minutes.</p>
      ) : (
        <ol className="board-done__list" role="list">
          {orders.map((order) => {
            const target = recallTarget({ ...order, cancelledFrom: order.cancelledFrom ?? null }, now);
            const number = orderNumber(order.id);
            return (
              <li key={order.id} className="board-done__entry">
                <p className="board-done__what">
                  <strong>{number}</strong> {order.customerName || "Customer"} · {ORDER_STATUS_LABELS[order.status]}{" "}
                  <time dateTime={order.updatedAt}>{clockTime(order.updatedAt, timeZone)}</time>
                  {order.cancelReason && <span className="board-done__reason"> · “{order.cancelReason}”</span>}
                  {order.paymentState === "not_collected" && (
                    <strong className="board-done__unpaid"> · Not paid</strong>
                  )}
                  {order.paymentState === "given_back" && <span> · Given back</span>}
                </p>
                {"to" in target || target.refusal === "unknown_state" ? (
                  <button
                    type="button"
                    className="btn btn--primary board-done__recall"
                    aria-label={`Recall${"to" in target ? ` to ${ORDER_STATUS_LABELS[target.to]}` : ""}: order ${number}`}
                    aria-disabled={recalling === order.id}
                    onClick={() => {
                      if (recalling !== order.id) onRecall(order);
                    }}
                  >
                    Recall{"to" in target ? ` to ${ORDER_STATUS_LABELS[target.to]}` : ""}
                  </button>
                ) : (
                  <p className="board-done__refusal">{RECALL_REFUSALS[target.refusal]}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="board-history__actions">
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Dialog>
  );
}
