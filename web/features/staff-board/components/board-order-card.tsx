import { sizeLabel } from "#common/catalog";
import type { FulfilmentMethod } from "#common/fulfilment";
import type { PickupMode } from "#common/pickup-modes";
import { formatTimeIn } from "#common/hours/format";
import { formatCents } from "#common/money";
import { nextStatus, paymentStateLabel } from "#common/order-lifecycle";
import { orderNumber, type OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { clockTime, timeSince } from "#web/features/staff-board/board-orders";

/** The words before an order's time on its card: when to have a pickup ready, or when a delivery leaves. */
const BOARD_TIME_LEAD: Record<FulfilmentMethod, Record<PickupMode, string>> = {
  pickup: { slot: "Pickup at ", asap: "As soon as possible, ready around " },
  delivery: { slot: "Out for delivery at ", asap: "Delivery as soon as possible, ready around " },
};

/** The button that moves an order one step on. */
const FORWARD_LABEL: Partial<Record<OrderStatus, string>> = {
  preparing: "Start preparing",
  ready: "Mark ready",
  completed: "Complete",
};

export interface BoardOrderCardProps {
  order: StaffOrder;
  now: number;
  /** The location's time zone, for the clock time the order was placed. */
  timeZone: string;
  /** Just arrived: the card flashes. */
  fresh: boolean;
  busy: boolean;
  onAdvance(order: StaffOrder, to: OrderStatus): void;
  onCancel(order: StaffOrder): void;
}

/** One order on the board, readable from a step back: number, who, what, how long, paid or not. */
export function BoardOrderCard({ order, now, timeZone, fresh, busy, onAdvance, onCancel }: BoardOrderCardProps) {
  const headingId = `board-order-${order.id}`;
  const next = nextStatus(order.status);
  const forward = next ? FORWARD_LABEL[next] : undefined;
  const number = orderNumber(order.id);
  return (
    <article className={`board-card${fresh ? " board-card--fresh" : ""}`} aria-labelledby={headingId} aria-busy={busy}>
      <header className="board-card__header">
        <h3 id={headingId} className="board-card__number">
          {number}
        </h3>
        <span className={`board-card__payment board-card__payment--${order.paymentState}`}>
          {paymentStateLabel(order)} · {formatCents(order.totalCents)}
        </span>
      </header>
      <p className="board-card__customer">
        <span className="board-card__name">{order.customerName || "Customer"}</span>
        {order.phone && (
          <a className="board-card__phone" href={`tel:${order.phone.replace(/[^+\d]/g, "")}`}>
            {order.phone}
          </a>
        )}
      </p>
      <p className={`board-card__fulfilment board-card__fulfilment--${order.fulfilment}`}>
        {order.fulfilment === "delivery" ? `Delivery: ${order.fulfilmentAddress}` : "Pickup"}
      </p>
      <p className="board-card__time">
        Placed <time dateTime={order.createdAt}>{clockTime(order.createdAt, timeZone)}</time> ·{" "}
        {timeSince(order.createdAt, now)}
      </p>
      {order.pickup && (
        <p className="board-card__pickup">
          {BOARD_TIME_LEAD[order.fulfilment][order.pickup.mode]}
          <time dateTime={order.pickup.at}>{formatTimeIn(new Date(order.pickup.at), order.pickup.timeZone)}</time>
        </p>
      )}
      <ul className="board-card__lines" role="list">
        {order.lines.map((line, index) => (
          <li key={index} className="board-card__line">
            <span className="board-card__quantity">{line.quantity} ×</span>
            <span className="board-card__drink">
              {line.name}
              {line.size !== "default" && <span className="board-card__size"> · {sizeLabel(line.size)}</span>}
              {line.note && <span className="board-card__note">“{line.note}”</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className="board-card__actions">
        {next && forward && (
          <button
            type="button"
            className="btn btn--primary board-card__advance"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => onAdvance(order, next)}
          >
            {forward}
          </button>
        )}
        <button
          type="button"
          className="btn board-card__cancel"
          disabled={busy}
          aria-describedby={headingId}
          onClick={() => onCancel(order)}
        >
          Cancel order
        </button>
      </div>
    </article>
  );
}
