import { useEffect, useRef, useSyncExternalStore } from "react";
import { create } from "zustand";
import type { StaffOrder } from "#common/staff-orders";
import { isHeldForLater, useLaterRelease } from "#web/features/staff-board/later-lane";
import type { NewOrderChime } from "./new-order-chime";

/** How often the sound repeats while a new order has not been acknowledged. */
export const ALERT_REPEAT_MS = 30_000;

interface NewOrderAlertsState {
  /**
   * New orders nobody at the shop has acknowledged, oldest first: they flash and the sound
   * repeats. Read from the orders themselves (their `acknowledged`), so a reload announces them
   * again at once, and Seen on another board ends them here.
   */
  pending: string[];
  /**
   * Orders known here to be acknowledged: Seen on this device (before the server has answered),
   * or heard from another board. Acknowledgement never goes back, so a read of the orders that
   * started before it cannot bring their alert back.
   */
  seenHere: string[];
  setPending(orderIds: string[]): void;
  markSeen(orderIds: readonly string[]): void;
  /** Seen was not recorded (offline, refused): their alerts come back. */
  unmarkSeen(orderIds: readonly string[]): void;
  /** An order picked from the alert's list, for the board to bring into view (then null). */
  revealing: string | null;
  reveal(orderId: string | null): void;
}

/** Shared by every staff page of the tab: an alert raised on the Menu page still flashes on the board. */
export const useNewOrderAlerts = create<NewOrderAlertsState>((set) => ({
  pending: [],
  seenHere: [],
  setPending: (orderIds) => set(({ pending }) => (pending.join() === orderIds.join() ? {} : { pending: orderIds })),
  markSeen: (orderIds) =>
    set(({ pending, seenHere }) => ({
      pending: pending.filter((id) => !orderIds.includes(id)),
      seenHere: [...seenHere, ...orderIds.filter((id) => !seenHere.includes(id))],
    })),
  unmarkSeen: (orderIds) => set(({ seenHere }) => ({ seenHere: seenHere.filter((id) => !orderIds.includes(id)) })),
  revealing: null,
  reveal: (orderId) => set({ revealing: orderId }),
}));

/** The orders in New (not held in Later) that nobody has acknowledged, oldest first. */
export function unacknowledgedNewOrders(
  orders: readonly StaffOrder[],
  now: number,
  seenHere: readonly string[] = [],
): string[] {
  return orders
    .filter(
      (order) =>
        order.status === "received" &&
        !order.acknowledged &&
        !seenHere.includes(order.id) &&
        !isHeldForLater(order, now),
    )
    .map((order) => order.id);
}

/**
 * Keeps the alerts to the orders in New that nobody at the shop has acknowledged — whether they
 * came over the live channel, in the catch-up after a reconnection, moved there from Later when
 * their preparation became due, or were already there when the page opened — plays the chime
 * when one appears, again every 30 s until someone acknowledges them, and at once when the sound
 * is turned on (browsers allow none before the first tap) while one is waiting.
 */
export function useNewOrderAlerting(orders: StaffOrder[] | undefined, chime: NewOrderChime): void {
  const { setPending } = useNewOrderAlerts.getState();
  const seenHere = useNewOrderAlerts((state) => state.seenHere);
  const hasPending = useNewOrderAlerts((state) => state.pending.length > 0);
  const releasedAt = useLaterRelease(orders);
  const announced = useRef<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const now = Math.max(Date.now(), releasedAt);
    const pending = orders ? unacknowledgedNewOrders(orders, now, seenHere) : [];
    const arrived = pending.some((id) => !announced.current.has(id));
    announced.current = new Set(pending);
    setPending(pending);
    if (arrived) chime.play();
  }, [orders, releasedAt, seenHere, chime, setPending]);

  useEffect(() => {
    if (!hasPending) return;
    const timer = setInterval(() => chime.play(), ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [hasPending, chime]);

  const chimeOn = useChimeState(chime) === "on";
  useEffect(() => {
    // The sound was just turned on (the first tap) while an order waits: it is heard now.
    if (chimeOn && useNewOrderAlerts.getState().pending.length > 0) chime.play();
  }, [chimeOn, chime]);
}

/** The chime's state, kept current ("off" until a tap arms it). */
export function useChimeState(chime: NewOrderChime) {
  return useSyncExternalStore(
    (listener) => chime.subscribe(listener),
    () => chime.state,
    () => "off" as const,
  );
}
