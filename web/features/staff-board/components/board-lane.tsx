import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { optionsSummary } from "#common/modifiers";
import type { OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";
import { useFocusKeptOnRestack } from "#web/features/staff-board/use-focus-kept-on-restack";

export interface BoardLaneProps {
  status: OrderStatus;
  /** The lane's own name when it is not its status's (Later holds received orders). */
  lane?: string;
  title: string;
  orders: StaffOrder[];
  /** Ticket columns this lane gets (0: an empty lane). */
  columns: number;
  /** Orders nobody has acknowledged yet: when one is out of sight, a marker brings it into view. */
  alerting: ReadonlySet<string>;
  /** Something to add at the end of the heading (the Done list's button). */
  extra?: ReactNode;
  /** A lane that can be folded away (Later): its heading is the button that does it. */
  onFold?(): void;
  /** The button of a lane folded away, shown in this lane's heading (Later's, in New's). */
  foldedLane?: ReactNode;
  renderTicket(order: StaffOrder): ReactNode;
}

/** A ticket's height in rough units: its header rows and buttons, then each drink and note. */
function ticketWeight(order: StaffOrder): number {
  return (
    4 + order.lines.reduce((sum, line) => sum + 1 + (line.note ? 0.8 : 0) + (optionsSummary(line.options) ? 0.9 : 0), 0)
  );
}

/**
 * The lane's tickets in `columns` stacks, each ticket on the shortest stack so far (the leftmost
 * on a tie): the most pressing are at the top, read left to right, and a short ticket never
 * leaves a gap beside a tall one as rows of a grid would.
 */
export function ticketStacks(orders: readonly StaffOrder[], columns: number): StaffOrder[][] {
  const stacks: StaffOrder[][] = Array.from({ length: Math.min(columns, orders.length) }, () => []);
  const heights = stacks.map(() => 0);
  for (const order of orders) {
    const shortest = heights.indexOf(Math.min(...heights));
    stacks[shortest]!.push(order);
    heights[shortest]! += ticketWeight(order);
  }
  return stacks;
}

interface OutOfSight {
  below: number;
  newBelow: string[];
}

/**
 * One lane of the board (New, Preparing, Ready): a grid of tickets that scrolls on its own, so the
 * bar and the other lanes stay in view. When tickets are out of sight its heading says how many, and
 * a new order out of sight gets an "N new" marker that scrolls it into view; neither covers a ticket.
 */
export function BoardLane({
  status,
  lane = status,
  title,
  orders,
  columns,
  alerting,
  extra,
  onFold,
  foldedLane,
  renderTicket,
}: BoardLaneProps) {
  const headingId = `board-column-${lane}`;
  const body = useRef<HTMLDivElement>(null);
  const [outOfSight, setOutOfSight] = useState<OutOfSight>({ below: 0, newBelow: [] });
  const keepFocus = useFocusKeptOnRestack(body);

  const measure = useCallback(() => {
    const element = body.current;
    if (!element) return;
    const bottom = element.getBoundingClientRect().bottom;
    let below = 0;
    const newBelow: string[] = [];
    element.querySelectorAll<HTMLElement>("[data-order-id]").forEach((ticket) => {
      if (ticket.getBoundingClientRect().bottom <= bottom + 1) return;
      below += 1;
      const id = ticket.dataset.orderId ?? "";
      if (alerting.has(id)) newBelow.push(id);
    });
    setOutOfSight((current) =>
      current.below === below && current.newBelow.join() === newBelow.join() ? current : { below, newBelow },
    );
  }, [alerting]);

  useEffect(() => {
    measure();
    const element = body.current;
    if (!element) return;
    element.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    // The lane's columns settle after the first paint (the board's width is measured then): count again.
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => measure());
    resized?.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      resized?.disconnect();
    };
  }, [measure, orders, columns]);

  const scrollTo = (orderId: string | undefined) => {
    const element = body.current;
    if (!element) return;
    const ticket = orderId ? element.querySelector(`[data-order-id="${CSS.escape(orderId)}"]`) : null;
    if (ticket) ticket.scrollIntoView({ block: "nearest", behavior: "smooth" });
    // To the end of the lane, where the newest orders are: one tap, however many are below.
    else element.scrollTo({ top: element.scrollHeight, behavior: "smooth" });
  };

  return (
    <section
      className={`board__column board__column--${lane}${orders.length === 0 ? " board__column--empty" : ""}`}
      aria-labelledby={headingId}
      style={{ ["--lane-columns" as string]: Math.max(columns, 1) }}
    >
      <div className="board__column-head">
        {/* Focusable by script: focus goes here when the last ticket of the lane leaves it. */}
        <h2 id={headingId} className="board__column-title" tabIndex={-1}>
          {onFold ? (
            // Folded, its tickets wait one tap away (the next lane's heading shows them again).
            <button type="button" className="board__fold" aria-expanded={true} onClick={onFold}>
              {title} <span className="board__count">{orders.length}</span>
              <span className="visually-hidden">: fold away</span>
            </button>
          ) : (
            <>
              {title} <span className="board__count">{orders.length}</span>
            </>
          )}
        </h2>
        {foldedLane}
        {extra}
        {/* In the heading, never over a ticket: how many are out of sight, one tap from them. */}
        {outOfSight.newBelow.length > 0 ? (
          <button
            type="button"
            className="btn btn--primary board__more board__more--new"
            onClick={() => scrollTo(outOfSight.newBelow[0])}
          >
            {outOfSight.newBelow.length} new below ↓
          </button>
        ) : (
          outOfSight.below > 0 && (
            <button type="button" className="btn board__more" onClick={() => scrollTo(undefined)}>
              {outOfSight.below} more below ↓
            </button>
          )
        )}
      </div>
      {orders.length === 0 ? (
        // An empty lane shrinks to its heading (its count says 0) and gives its width to the others.
        <p className="board__empty visually-hidden">No orders</p>
      ) : (
        <div className="board__cards" ref={body} {...keepFocus}>
          {ticketStacks(orders, Math.max(columns, 1)).map((stack, index) => (
            <ol key={index} className="board__stack" role="list">
              {stack.map((order) => (
                <li key={order.id}>{renderTicket(order)}</li>
              ))}
            </ol>
          ))}
        </div>
      )}
    </section>
  );
}
