import { amountToGiveBack, giveBackPrompt } from "#common/cash-drawer";
import { orderNumber } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";

export interface GiveBackProps {
  /** Cancelled orders that were paid at the counter, their money not yet handed back. */
  orders: StaffOrder[];
  /** The order whose give-back is on its way. */
  giving: string | null;
  onGiven(order: StaffOrder): void;
}

/**
 * Money the counter owes back: one slim row above the lanes while a cancelled order paid at the
 * counter waits, each "Give back $12.06" as one tap once the money is in the customer's hand
 * (who and when go to the order's history).
 */
export function GiveBack({ orders, giving, onGiven }: GiveBackProps) {
  if (orders.length === 0) return null;
  return (
    <section className="board-refunds board-give-back" aria-labelledby="board-give-back-title">
      <h2 id="board-give-back-title" className="board-refunds__title">
        <span aria-hidden="true">⚠ </span>Give back at the counter <span className="board__count">{orders.length}</span>
      </h2>
      <ol className="board-refunds__list" role="list">
        {orders.map((order) => {
          const number = orderNumber(order.id);
          const busy = giving === order.id;
          const prompt = giveBackPrompt(amountToGiveBack(order));
          return (
            <li key={order.id} className="board-refund" data-order-id={order.id}>
              <p className="board-refund__what">
                <strong className="board-refund__number">{number}</strong>
                <span className="board-refund__line">{order.customerName || "Customer"}</span>
              </p>
              <button
                type="button"
                className="btn btn--primary board-refund__retry"
                aria-label={`${prompt}: order ${number}, tap once it is given`}
                aria-disabled={busy}
                onClick={() => {
                  if (!busy) onGiven(order);
                }}
              >
                {busy ? "Saving…" : prompt}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
