import { useId } from "react";
import { collectQuestion, type CollectAnswer } from "#common/cash-drawer";
import { amountToCollect } from "#common/order-lifecycle";
import { orderNumber } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { Dialog } from "#web/components/dialog/dialog";
import "#web/features/staff-board/cash-drawer.css";

export interface CollectDialogProps {
  /** The order whose Done (or Collect) was tapped while it still had money to collect. */
  order: StaffOrder | null;
  /**
   * Asked by Collect, not Done: the order stays on the board, so the other answer is Cancel
   * (nothing recorded) rather than "Not paid".
   */
  collectOnly?: boolean;
  busy: boolean;
  error: string | null;
  onAnswer(order: StaffOrder, answer: CollectAnswer): void;
  onClose(): void;
}

/**
 * Done on a ticket that still says "Collect": "Collected $8.39?". Yes records it paid at the
 * counter; "Not paid" hands it over unpaid, and the board keeps it on the day's unpaid list.
 * Collect asks the same question, with Yes or Cancel: a tap by mistake records nothing.
 */
export function CollectDialog({ order, collectOnly = false, busy, error, onAnswer, onClose }: CollectDialogProps) {
  const headingId = useId();
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      labelledBy={headingId}
      dismissible={!busy}
      className="board-collect"
    >
      {order && (
        <>
          <h2 id={headingId} className="board-collect__title">
            {collectQuestion(amountToCollect(order))}
          </h2>
          <p className="board-collect__hint">
            Order {orderNumber(order.id)} · {order.customerName || "Customer"}
          </p>
          {error && (
            <p className="board-cancel__failure" role="alert">
              {error}
            </p>
          )}
          <div className="board-collect__actions">
            {collectOnly ? (
              <button type="button" className="btn" disabled={busy} onClick={onClose}>
                Cancel
              </button>
            ) : (
              <button type="button" className="btn" disabled={busy} onClick={() => onAnswer(order, "not_collected")}>
                Not paid
              </button>
            )}
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              data-autofocus
              onClick={() => onAnswer(order, "collected")}
            >
              Yes
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
