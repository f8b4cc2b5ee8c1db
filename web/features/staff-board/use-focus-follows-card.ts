import { useCallback, useEffect, useRef, type RefObject } from "react";
import type { OrderStatus } from "#common/orders";
import type { StaffOrder } from "#common/staff-orders";

interface FollowedMove {
  orderId: string;
  /** The column the card was in when it was moved. */
  from: OrderStatus;
  /** The cards below it in that column, nearest first, then those above it, nearest first. */
  neighbours: string[];
}

export interface FocusFollowsCard {
  /**
   * A move of this card is starting: if the keyboard focus is in the card (or `fromDialog`: the
   * move was asked for in a dialog about the card), it goes where the card goes.
   */
  follow(order: StaffOrder, fromDialog?: boolean): void;
  /** This card's move will not happen (the barista kept the order, or the API refused it). */
  forget(order: StaffOrder): void;
}

const cardSelector = (orderId: string) => `[data-order-id="${CSS.escape(orderId)}"]`;

/** The card's next step (its forward button), or the card itself. */
function focusCard(card: HTMLElement): void {
  (card.querySelector<HTMLElement>(".board-card__advance") ?? card).focus();
}

/**
 * Keeps the keyboard focus with a card the barista moves. A moved card is a new element in
 * another column, so the button that had the focus is gone and the browser drops the focus to
 * the page; this puts it on the card's next button in its new column. When the card leaves the
 * board (completed or cancelled), the focus goes to the card that takes its place, else to its
 * column. Nothing is moved if the barista has put the focus somewhere else in the meantime.
 *
 * `holding` is true while a dialog about the move is open: the focus is the dialog's until it closes.
 */
export function useFocusFollowsCard(
  columns: RefObject<HTMLElement | null>,
  orders: readonly StaffOrder[] | undefined,
  holding: boolean,
): FocusFollowsCard {
  const followed = useRef<FollowedMove | null>(null);

  const follow = useCallback(
    (order: StaffOrder, fromDialog = false) => {
      const card = columns.current?.querySelector(cardSelector(order.id));
      if (!card || !(fromDialog || card.contains(document.activeElement)) || !orders) {
        followed.current = null;
        return;
      }
      const column = orders.filter((shown) => shown.status === order.status).map((shown) => shown.id);
      const at = column.indexOf(order.id);
      followed.current = {
        orderId: order.id,
        from: order.status,
        neighbours: [...column.slice(at + 1), ...column.slice(0, Math.max(0, at)).reverse()],
      };
    },
    [columns, orders],
  );

  const forget = useCallback((order: StaffOrder) => {
    if (followed.current?.orderId === order.id) followed.current = null;
  }, []);

  useEffect(() => {
    const move = followed.current;
    const container = columns.current;
    if (!move || !orders || !container || holding) return;
    const now = orders.find((order) => order.id === move.orderId);
    if (now?.status === move.from) return; // not moved yet
    followed.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return; // the barista is elsewhere already
    const card = container.querySelector<HTMLElement>(cardSelector(move.orderId));
    if (card) return focusCard(card);
    for (const id of move.neighbours) {
      const neighbour = container.querySelector<HTMLElement>(cardSelector(id));
      if (neighbour) return focusCard(neighbour);
    }
    container.querySelector<HTMLElement>(`#board-column-${move.from}`)?.focus();
  }, [columns, orders, holding]);

  return { follow, forget };
}
