import type { OrderStatus } from "#common/orders";

/** A lane of the board: the orders in one state (Later: the received ones not due yet). */
export interface BoardLaneDefinition {
  status: OrderStatus;
  /** The lane's name, in its element's id (`board-column-<lane>`) and in the staff bar's links. */
  lane: "later" | "received" | "preparing" | "ready";
  title: string;
}

/**
 * The board's lanes, left to right, each with the orders in that state; Later holds the received
 * orders whose preparation is not due yet (./later-lane.ts), and is there only when it has some.
 * The staff bar counts the same lanes under the same titles.
 */
export const BOARD_LANES: readonly BoardLaneDefinition[] = [
  { status: "received", lane: "later", title: "Later" },
  { status: "received", lane: "received", title: "New" },
  { status: "preparing", lane: "preparing", title: "Preparing" },
  { status: "ready", lane: "ready", title: "Ready" },
];

/** On a phone the lanes stack, what needs doing now first: New, Preparing, Ready, then Later. */
export const PHONE_LANES: readonly BoardLaneDefinition[] = [...BOARD_LANES.slice(1), BOARD_LANES[0]!];
