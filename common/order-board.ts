/**
 * The order board's tickets at a glance: how long each has waited, and when it turns "waiting"
 * and "late" at the thresholds the shop sets in SQL (`location_board_settings`,
 * seed/order-board.sql). Used by the worker (the board's answer) and by the board.
 */
import type { OrderPickup } from "./orders";

export interface BoardAgeThresholds {
  /** Minutes after which a ticket is "waiting" (amber). */
  warnAfterMinutes: number;
  /** Minutes after which a ticket is "late" (red); more than warnAfterMinutes. */
  lateAfterMinutes: number;
}

/** What a location without settings of its own uses. */
export const DEFAULT_BOARD_AGE_THRESHOLDS: BoardAgeThresholds = { warnAfterMinutes: 5, lateAfterMinutes: 10 };

/** How urgent a ticket is, in order; each has a word and an icon besides its colour. */
export const TICKET_URGENCIES = ["on_time", "waiting", "late"] as const;
export type TicketUrgency = (typeof TICKET_URGENCIES)[number];

export interface TicketAge {
  urgency: TicketUrgency;
  /** When the ticket's clock started: when it was placed, or `late` minutes before its pickup time. */
  clockStartedAt: number;
  /** The pickup time an order asked for, or null for "as soon as possible". */
  dueAt: number | null;
  /** Whole minutes since it was placed (never negative). */
  waitedMinutes: number;
}

/**
 * A ticket's age. An order for a pickup time counts from `late` minutes before that time, so with
 * 5 and 10 it turns "waiting" (due soon) 5 minutes before its time and "late" when the time comes;
 * every other order counts from when it was placed. The board sorts its lanes by `clockStartedAt`.
 */
export function ticketAge(
  order: { createdAt: string; pickup?: OrderPickup | null },
  thresholds: BoardAgeThresholds,
  now: number,
): TicketAge {
  const placedAt = Date.parse(order.createdAt);
  const dueAt = order.pickup?.mode === "slot" ? Date.parse(order.pickup.at) : null;
  const clockStartedAt = dueAt === null ? placedAt : dueAt - thresholds.lateAfterMinutes * 60_000;
  const running = (now - clockStartedAt) / 60_000;
  const urgency: TicketUrgency =
    running >= thresholds.lateAfterMinutes ? "late" : running >= thresholds.warnAfterMinutes ? "waiting" : "on_time";
  return { urgency, clockStartedAt, dueAt, waitedMinutes: Math.max(0, Math.floor((now - placedAt) / 60_000)) };
}
