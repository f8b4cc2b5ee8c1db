import { useId } from "react";
import { ORDER_STATUS_LABELS, PAYMENT_STATE_LABELS } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import type { OrderHistoryEntry, StaffOrder } from "#common/staff-orders";
import { Dialog } from "#web/components/dialog/dialog";
import { errorMessage } from "#web/lib/query-client";
import { useOrderHistory } from "#web/features/staff-board/api/get-order-history";
import { historyTime } from "#web/features/staff-board/board-orders";

export interface OrderHistoryDialogProps {
  /** The order whose history is open, or null when the dialog is closed. */
  order: StaffOrder | null;
  /** The location's time zone: every change is shown on the shop's clock. */
  timeZone: string;
  onClose(): void;
}

/** Every change of an order, oldest first: from what to what, who made it, when, and why it was cancelled. */
export function OrderHistoryDialog({ order, timeZone, onClose }: OrderHistoryDialogProps) {
  const headingId = useId();
  return (
    <Dialog open={order !== null} onClose={onClose} labelledBy={headingId} className="board-history">
      {order && (
        <>
          <h2 id={headingId} className="board-history__title">
            History of order {orderNumber(order.id)}
          </h2>
          <HistoryList order={order} timeZone={timeZone} />
          <div className="board-history__actions">
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function HistoryList({ order, timeZone }: { order: StaffOrder; timeZone: string }) {
  const history = useOrderHistory(order.id, order.updatedAt);
  if (history.isError) {
    return (
      <p className="board-history__failure" role="alert">
        The history could not be loaded: {errorMessage(history.error)}{" "}
        <button type="button" className="btn btn--small" onClick={() => void history.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!history.data) {
    return (
      <p className="board-history__loading" role="status">
        Loading the history…
      </p>
    );
  }
  return (
    <ol className="board-history__list" role="list">
      {history.data.history.map((entry, index) => (
        <li key={index} className="board-history__entry">
          <p className="board-history__change">
            <HistoryChange entry={entry} />
          </p>
          <p className="board-history__meta">
            {actorLabel(entry)} ·{" "}
            <time className="board-history__time" dateTime={entry.at}>
              {historyTime(entry.at, timeZone)}
            </time>
          </p>
          {entry.reason && <p className="board-history__reason">Reason: “{entry.reason}”</p>}
        </li>
      ))}
    </ol>
  );
}

/** "Received → Preparing" (read as "From Received to Preparing"), "Placed: Received", or a payment change. */
function HistoryChange({ entry }: { entry: OrderHistoryEntry }) {
  if (entry.previousStatus === null) return <>Placed: {ORDER_STATUS_LABELS[entry.status]}</>;
  if (entry.previousStatus === entry.status) return <>Payment: {PAYMENT_STATE_LABELS[entry.paymentState]}</>;
  return (
    <>
      <span className="visually-hidden">From </span>
      {ORDER_STATUS_LABELS[entry.previousStatus]}
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden">to </span>
      {ORDER_STATUS_LABELS[entry.status]}
    </>
  );
}

function actorLabel(entry: OrderHistoryEntry): string {
  switch (entry.actor) {
    case "staff":
      return `By ${entry.actorName ?? "a staff member"} (staff)`;
    case "customer":
      return `By ${entry.actorName ?? "the customer"} (customer)`;
    case "payment_provider":
      return "By the card payment service";
  }
}
