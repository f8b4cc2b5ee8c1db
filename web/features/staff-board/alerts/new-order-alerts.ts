import { useEffect, useRef, useSyncExternalStore } from "react";
import { create } from "zustand";
import type { StaffOrder } from "#common/staff-orders";
import { isHeldForLater, useLaterRelease } from "#web/features/staff-board/later-lane";
import type { NewOrderChime } from "./new-order-chime";

/** How often the sound repeats while a new order has not been acknowledged. */
export const ALERT_REPEAT_MS = 30_000;

interface NewOrderAlertsState {
  /** New orders nobody has acknowledged yet, oldest first: they flash and the sound repeats. */
  pending: string[];
  raise(orderIds: string[]): void;
  /** Someone looked: every pending alert stops. */
  acknowledge(): void;
  /** Keeps only the alerts of orders still waiting in New (one started or cancelled is handled). */
  keepOnly(orderIds: ReadonlySet<string>): void;
}

/** Shared by every staff page of the tab: an alert raised on the Menu page still flashes on the board. */
export const useNewOrderAlerts = create<NewOrderAlertsState>((set) => ({
  pending: [],
  raise: (orderIds) =>
    set(({ pending }) => ({ pending: [...pending, ...orderIds.filter((id) => !pending.includes(id))] })),
  acknowledge: () => set({ pending: [] }),
  keepOnly: (orderIds) =>
    set(({ pending }) => {
      const kept = pending.filter((id) => orderIds.has(id));
      return kept.length === pending.length ? {} : { pending: kept };
    }),
}));

/**
 * Raises an alert for every order that appears in New after the staff pages first loaded —
 * whether it came over the live channel or in the catch-up after a reconnection, or moved there
 * from Later when its preparation became due — plays the chime, and plays it again every 30 s
 * until someone acknowledges it on screen.
 */
export function useNewOrderAlerting(orders: StaffOrder[] | undefined, chime: NewOrderChime): void {
  const seen = useRef<Set<string> | null>(null);
  const { raise, keepOnly } = useNewOrderAlerts.getState();
  const hasPending = useNewOrderAlerts((state) => state.pending.length > 0);
  const releasedAt = useLaterRelease(orders);

  useEffect(() => {
    if (!orders) return;
    // An order held in Later is not news yet: it is when it moves to New.
    const now = Math.max(Date.now(), releasedAt);
    const inView = orders.filter((order) => !isHeldForLater(order, now));
    const waiting = inView.filter((order) => order.status === "received");
    if (seen.current === null) {
      // What was already there when the page opened is on screen, not news.
      seen.current = new Set(inView.map((order) => order.id));
      return;
    }
    const known = seen.current;
    const arrived = waiting.filter((order) => !known.has(order.id)).map((order) => order.id);
    inView.forEach((order) => known.add(order.id));
    keepOnly(new Set(waiting.map((order) => order.id)));
    if (arrived.length > 0) {
      raise(arrived);
      chime.play();
    }
  }, [orders, releasedAt, chime, raise, keepOnly]);

  useEffect(() => {
    if (!hasPending) return;
    const timer = setInterval(() => chime.play(), ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [hasPending, chime]);
}

/** The chime's state, kept current ("off" until a tap arms it). */
export function useChimeState(chime: NewOrderChime) {
  return useSyncExternalStore(
    (listener) => chime.subscribe(listener),
    () => chime.state,
    () => "off" as const,
  );
}
