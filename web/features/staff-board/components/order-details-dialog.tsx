import { useId } from "react";
import { formatCents } from "#common/money";
import { discountsText } from "#common/order-discounts";
import {
  amountToCollect,
  isOpenStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  paymentStateLabel,
} from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import type { OrderHistoryEntry, StaffOrder } from "#common/staff-orders";
import { TicketMoneyNotice } from "./ticket-money-notice";
import { Dialog } from "#web/components/dialog/dialog";
import { errorMessage } from "#web/lib/query-client";
import { useBoardExtensions } from "#web/shared-features/board-extensions/board-extensions";
import { useOrderHistory } from "#web/features/staff-board/api/get-order-history";
import { clockTime, historyTime } from "#web/features/staff-board/board-orders";

export interface OrderDetailsDialogProps {
  /** The order whose details are open, or null when the dialog is closed. */
  order: StaffOrder | null;
  /** The location's time zone: every time is shown on the shop's clock. */
  timeZone: string;
  /** Marking it paid at the counter is on its way. */
  collecting: boolean;
  onCollected(order: StaffOrder): void;
  /** What went wrong with the last change asked for from here (shown in the dialog, above the board's own). */
  error: string | null;
  /** Retrying this order's refund is on its way. */
  retrying: boolean;
  /** A cancelled order whose refund did not go through: try it again. */
  onRetryRefund(order: StaffOrder): void;
  onCancel(order: StaffOrder): void;
  onClose(): void;
}

/**
 * What the ticket leaves out, on demand: how to reach the customer, where it goes, the payment,
 * and every change of the order (from what to what, who, when, and why it was cancelled). A
 * refund that has not gone through says so, with its retry.
 */
export function OrderDetailsDialog({
  order,
  timeZone,
  collecting,
  onCollected,
  error,
  retrying,
  onRetryRefund,
  onCancel,
  onClose,
}: OrderDetailsDialogProps) {
  const { DetailsActions } = useBoardExtensions();
  const headingId = useId();
  const collect = order ? amountToCollect(order) : 0;
  const refundOwed = order?.paymentState === "refund_pending";
  return (
    <Dialog open={order !== null} onClose={onClose} labelledBy={headingId} className="board-history">
      {order && (
        <>
          <h2 id={headingId} className="board-history__title">
            Order {orderNumber(order.id)}
          </h2>
          <dl className="board-details">
            <dt>Customer</dt>
            <dd>
              {order.customerName || "Customer"}
              {order.phone && (
                <>
                  {" · "}
                  <a className="board-card__phone" href={`tel:${order.phone.replace(/[^+\d]/g, "")}`}>
                    {order.phone}
                  </a>
                </>
              )}
            </dd>
            <dt>{order.fulfilment === "delivery" ? "Delivery to" : "Pickup at"}</dt>
            <dd>{order.fulfilmentAddress}</dd>
            <dt>Placed</dt>
            <dd>
              <time dateTime={order.createdAt}>{clockTime(order.createdAt, timeZone)}</time>
            </dd>
            {discountsText(order.discounts) && (
              <>
                <dt>Discount</dt>
                <dd data-testid="details-discount">{discountsText(order.discounts)}</dd>
              </>
            )}
            {order.tipCents > 0 && (
              <>
                <dt>Tip</dt>
                <dd>{formatCents(order.tipCents)}</dd>
              </>
            )}
            <dt>Payment</dt>
            <dd>
              {paymentStateLabel(order)} · {formatCents(order.totalCents)}
            </dd>
          </dl>
          <TicketMoneyNotice order={order} />
          {refundOwed && (
            <p className="board-details__refund">
              <span aria-hidden="true">⚠ </span>Cancelled, but the card refund has not gone through. The customer was
              told it is on its way and gets an e-mail when it is made.
            </p>
          )}
          {error && (
            <p className="board-cancel__failure" role="alert">
              {error}
            </p>
          )}
          <h3 className="board-history__subtitle">History</h3>
          <HistoryList order={order} timeZone={timeZone} />
          <div className="board-history__actions">
            {DetailsActions && <DetailsActions orderId={order.id} />}
            {refundOwed && (
              <button
                type="button"
                className="btn btn--primary"
                aria-disabled={retrying}
                onClick={() => {
                  if (!retrying) onRetryRefund(order);
                }}
              >
                {retrying ? "Refunding…" : `Retry refund of ${formatCents(order.totalCents)}`}
              </button>
            )}
            {collect > 0 && (
              <button
                type="button"
                className="btn btn--primary"
                aria-disabled={collecting}
                onClick={() => {
                  if (!collecting) onCollected(order);
                }}
              >
                Paid {formatCents(collect)} at the counter
              </button>
            )}
            {isOpenStatus(order.status) && (
              <button type="button" className="btn btn--danger board-card__cancel" onClick={() => onCancel(order)}>
                Cancel order…
              </button>
            )}
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
