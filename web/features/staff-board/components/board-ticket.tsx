import { sizeLabel } from "#common/catalog";
import { formatDateTimeIn, formatTimeIn } from "#common/hours/format";
import { shopDate } from "#common/shop-calendar";
import { optionsSummary } from "#common/modifiers";
import { formatCents } from "#common/money";
import { discountsText } from "#common/order-discounts";
import { ticketAge, type BoardAgeThresholds, type TicketAge } from "#common/order-board";
import { amountToCollect, nextStatus } from "#common/order-lifecycle";
import { drinkCount, drinksLabel, isLargeOrder, type DrinkLimits } from "#common/order-size";
import { orderNumber, type OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { waitedLabel } from "#web/features/staff-board/board-orders";
import { isHeldForLater } from "#web/features/staff-board/later-lane";
import { BookedOutsideHoursBadge } from "./booked-outside-hours-badge";
import { useBoardExtensions } from "#web/shared-features/board-extensions/board-extensions";
import { TicketMoneyNotice } from "./ticket-money-notice";

/** The one-tap button that moves an order one step on. */
const FORWARD_LABEL: Partial<Record<OrderStatus, string>> = {
  preparing: "Start",
  ready: "Ready",
  completed: "Done",
};

export interface BoardTicketProps {
  order: StaffOrder;
  now: number;
  thresholds: BoardAgeThresholds;
  /** An order with more drinks than one slot's is marked large. */
  drinkLimits: DrinkLimits;
  /** A new order nobody has acknowledged yet: the ticket flashes. */
  alerting: boolean;
  /**
   * A move of this ticket is on its way: its moves wait. The buttons say so with aria-disabled
   * rather than disabled, so the one the barista pressed keeps the keyboard focus.
   */
  busy: boolean;
  /** Marking it paid at the counter is on its way. */
  collecting: boolean;
  onAdvance(order: StaffOrder, to: OrderStatus): void;
  onCollected(order: StaffOrder): void;
  onShowDetails(order: StaffOrder): void;
}

/**
 * One order as a compact ticket, readable from a step back: number, age, name, when, a marker
 * when it is a large order, and what to make in large type; what is still to collect; one big button for the next step. Phone,
 * address, payment, history and cancelling are one tap away in its details.
 */
export function BoardTicket({
  order,
  now,
  thresholds,
  drinkLimits,
  alerting,
  busy,
  collecting,
  onAdvance,
  onCollected,
  onShowDetails,
}: BoardTicketProps) {
  const { TicketMark } = useBoardExtensions();
  const headingId = `board-order-${order.id}`;
  const next = nextStatus(order.status);
  const forward = next ? FORWARD_LABEL[next] : undefined;
  const age = ticketAge(order, thresholds, now);
  const collect = amountToCollect(order);
  const drinks = drinkCount(order.lines);
  // An order held in Later says when it is to be started; starting it early is a small button.
  const startsAt = isHeldForLater(order, now) ? new Date(order.prepStartsAt!) : null;
  return (
    <article
      className={`board-card board-card--${age.urgency}${alerting ? " board-card--alert" : ""}${order.paymentState === "refunded" ? " board-card--refunded" : ""}`}
      aria-labelledby={headingId}
      aria-busy={busy}
      data-order-id={order.id}
      // Its buttons keep the focus when the lane draws it anew in another stack (see #web/lib/focus).
      data-focus-home={order.id}
      // Focus lands on the ticket itself when it has no button to take it (see the board's focus rule).
      tabIndex={-1}
    >
      <header className="board-card__header">
        <h3 id={headingId} className="board-card__number">
          {orderNumber(order.id)}
        </h3>
        <AgeBadge age={age} now={now} />
      </header>
      <p className="board-card__customer">
        <span className="board-card__name">{order.customerName || "Customer"}</span>
        <span className="board-card__when">{whenLabel(order, now)}</span>
      </p>
      {isLargeOrder(drinks, drinkLimits) && (
        // Started ahead of its time: said in words and with an icon, never by colour alone.
        <p className="board-card__large">
          <span aria-hidden="true">▦ </span>Large order · {drinksLabel(drinks)}
        </p>
      )}
      <BookedOutsideHoursBadge order={order} />
      {alerting && <p className="visually-hidden">New order, not yet acknowledged.</p>}
      <ul className="board-card__lines" role="list">
        {order.lines.map((line, index) => (
          <li key={index} className="board-card__line">
            <span className="board-card__quantity">{line.quantity}×</span>
            {line.size !== "default" && (
              <span className="board-card__size">
                <span aria-hidden="true">{sizeLabel(line.size).charAt(0)}</span>
                <span className="visually-hidden">{sizeLabel(line.size)}</span>
              </span>
            )}
            <span className={`board-card__drink${line.size === "default" ? " board-card__drink--one-size" : ""}`}>
              {line.name}
            </span>
            {/* Under the drink, across the ticket's width: fewer lines in a rush. */}
            {optionsSummary(line.options) && (
              <span className="board-card__options">{optionsSummary(line.options, { prices: false })}</span>
            )}
            {line.note && <span className="board-card__note">“{line.note}”</span>}
          </li>
        ))}
      </ul>
      {discountsText(order.discounts) && (
        <p className="board-card__discount" data-testid="ticket-discount">
          {discountsText(order.discounts)}
        </p>
      )}
      {order.tipCents > 0 && <p className="board-card__tip">Tip {formatCents(order.tipCents)}</p>}
      <TicketMoneyNotice order={order} />
      {TicketMark && <TicketMark orderId={order.id} />}
      {startsAt && order.pickup && (
        <p className="board-card__starts">
          Start at <strong>{timeOrDayIn(startsAt, order.pickup.timeZone, now)}</strong>
        </p>
      )}
      <div className="board-card__actions">
        {next && forward && (
          <button
            type="button"
            // Held in Later: a small "Start now" beside when to start it, not the full-size Start.
            className={startsAt ? "btn btn--small board-card__start-early" : "btn btn--primary board-card__advance"}
            aria-disabled={busy}
            aria-describedby={headingId}
            onClick={() => {
              if (!busy) onAdvance(order, next);
            }}
          >
            {startsAt ? "Start now" : forward}
          </button>
        )}
        {collect > 0 && (
          // "Collect $X" until it is paid: a tap asks "Collected $X?" (who and when go to the history).
          <button
            type="button"
            className="btn board-card__collect"
            aria-haspopup="dialog"
            aria-label={`Collect ${formatCents(collect)}: mark order ${orderNumber(order.id)} paid at the counter`}
            aria-disabled={collecting}
            onClick={() => {
              if (!collecting) onCollected(order);
            }}
          >
            <span className="board-card__collect-word">Collect</span>
            <span className="board-card__collect-amount">{formatCents(collect)}</span>
          </button>
        )}
        {isPaid(order) && (
          // Paid, by card or at the counter: said in words and colour where "Collect" was.
          <span className="board-card__paid">
            <span aria-hidden="true">✓ </span>Paid
          </span>
        )}
        <button
          type="button"
          className="board-card__details"
          aria-label={`Details of order ${orderNumber(order.id)}`}
          aria-haspopup="dialog"
          onClick={() => onShowDetails(order)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
    </article>
  );
}

/** Paid in full, by card or at the counter, and nothing of it given back. */
function isPaid(order: StaffOrder): boolean {
  return (order.paymentState === "paid" || order.paymentState === "paid_at_counter") && !order.refundedCents;
}

/** "8:45 AM" today on the shop's clock; another day says which. */
function timeOrDayIn(at: Date, timeZone: string, now: number): string {
  const sameDay = shopDate(at, timeZone) === shopDate(new Date(now), timeZone);
  return sameDay ? formatTimeIn(at, timeZone) : formatDateTimeIn(at, timeZone);
}

/** "ASAP", "Pickup 10:45", "Delivery ASAP", "Delivery 10:45". */
function whenLabel(order: StaffOrder, now: number): string {
  const how = order.fulfilment === "delivery" ? "Delivery " : "";
  if (order.pickup?.mode !== "slot") return `${how}ASAP`;
  // An order for another day says which (ordered ahead, docs/decisions/0017-order-ahead.md).
  return `${how || "Pickup "}${timeOrDayIn(new Date(order.pickup.at), order.pickup.timeZone, now)}`;
}

/** Besides its colour, a ticket's age says it with an icon, and in words for "late" (and to screen readers). */
const URGENCY_ICON = { on_time: "", waiting: "▲", late: "●" } as const;

/**
 * How long it has waited ("4 min"), or for a pickup time how long until it is due; amber and red
 * at the shop's thresholds, always with a word and an icon too, never the colour alone.
 */
function AgeBadge({ age, now }: { age: TicketAge; now: number }) {
  const { urgency } = age;
  let text: string;
  if (age.dueAt === null) text = waitedLabel(age.waitedMinutes);
  else {
    const minutes = Math.round((age.dueAt - now) / 60_000);
    text = minutes > 0 ? `in ${waitedLabel(minutes)}` : minutes === 0 ? "due now" : `${waitedLabel(-minutes)} over`;
  }
  return (
    <span className={`board-card__age board-card__age--${urgency}`}>
      {URGENCY_ICON[urgency] && <span aria-hidden="true">{URGENCY_ICON[urgency]} </span>}
      {urgency === "waiting" && <span className="visually-hidden">Waiting: </span>}
      {urgency === "late" && <strong>Late </strong>}
      {text}
    </span>
  );
}
