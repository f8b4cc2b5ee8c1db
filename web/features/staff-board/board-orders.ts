import { isOnBoard, RECALL_WINDOW_MINUTES } from "#common/order-lifecycle";
import { ticketAge, type BoardAgeThresholds } from "#common/order-board";
import type { OrderStatus } from "#common/orders";
import type { DoneOrder, StaffOrder, StaffOrdersResponse } from "#common/staff-orders";

/**
 * The board's orders after a change arrives (from the API's answer or the live channel): an
 * order that is open goes in (or replaces an older copy of itself), one that is finished or
 * awaiting payment comes out; oldest first. A copy older than the one shown changes nothing.
 */
export function mergeBoardOrder(orders: StaffOrder[] | undefined, incoming: StaffOrder): StaffOrder[] | undefined {
  if (!orders) return orders;
  const existing = orders.find((order) => order.id === incoming.id);
  if (existing && existing.updatedAt > incoming.updatedAt) return orders;
  const others = orders.filter((order) => order.id !== incoming.id);
  if (!isOnBoard(incoming)) return others;
  // Seen never goes back: a copy read before someone tapped Seen keeps the acknowledgement shown.
  const kept =
    existing?.acknowledged && !incoming.acknowledged ? { ...incoming, acknowledged: existing.acknowledged } : incoming;
  return [...others, kept].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The Done list after a change: a completed or cancelled order goes in at the top (with the state
 * it was cancelled from, when the board had it open), an order that is open again, or one whose
 * money is still owed back (under Refunds to retry, or Give back), comes out.
 */
function mergeDoneOrder(done: DoneOrder[], incoming: StaffOrder, previous: StaffOrder | undefined): DoneOrder[] {
  const existing = done.find((order) => order.id === incoming.id);
  if (existing && existing.updatedAt > incoming.updatedAt) return done;
  const others = done.filter((order) => order.id !== incoming.id);
  if (incoming.status !== "completed" && incoming.status !== "cancelled") return others;
  if (isOnBoard(incoming)) return others;
  const cancelledFrom =
    incoming.cancelledFrom ?? existing?.cancelledFrom ?? (incoming.status === "cancelled" ? previous?.status : null);
  return [{ ...incoming, cancelledFrom: cancelledFrom ?? null }, ...others].sort((a, b) =>
    b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** The board's data with one order merged in (see mergeBoardOrder), and its Done list kept with it. */
export function withBoardOrder(
  board: StaffOrdersResponse | undefined,
  incoming: StaffOrder,
): StaffOrdersResponse | undefined {
  if (!board) return board;
  const previous = board.orders.find((order) => order.id === incoming.id);
  return {
    ...board,
    orders: mergeBoardOrder(board.orders, incoming) ?? [],
    done: mergeDoneOrder(board.done ?? [], incoming, previous),
    unpaid: mergeUnpaidOrder(board.unpaid ?? [], incoming),
  };
}

/**
 * The board's data from a fresh read, keeping what the board already shows that is newer: a change
 * that reached the board live while the read was on its way (an order moved on, finished, placed
 * or seen after the server began reading) is not undone by the read's older copy. An order the
 * read lacks stays only when it changed after the read began; otherwise it has left the board.
 */
export function withNewerCopiesKept(
  fresh: StaffOrdersResponse,
  shown: StaffOrdersResponse | undefined,
): StaffOrdersResponse {
  if (!shown || shown.location.id !== fresh.location.id) return fresh;
  const readCopies = new Map<string, string>();
  // Lists an older server left out count as empty, as withBoardOrder counts them.
  for (const order of [...fresh.orders, ...(fresh.done ?? []), ...(fresh.unpaid ?? [])]) {
    const seen = readCopies.get(order.id);
    if (!seen || order.updatedAt > seen) readCopies.set(order.id, order.updatedAt);
  }
  // Missing from the read: kept when changed as the read began or later (the same millisecond may be either side).
  const isNewer = (copy: DoneOrder) => {
    const read = readCopies.get(copy.id);
    return read === undefined ? copy.updatedAt >= fresh.readAt : copy.updatedAt > read;
  };
  let board = fresh;
  for (const order of shown.orders) {
    if (isNewer(order)) {
      board = withBoardOrder(board, order) ?? board;
      continue;
    }
    const read = board.orders.find((each) => each.id === order.id);
    if (order.acknowledged && read && !read.acknowledged) {
      board = {
        ...board,
        orders: board.orders.map((each) => (each === read ? { ...read, acknowledged: order.acknowledged } : each)),
      };
    }
  }
  for (const list of ["done", "unpaid"] as const) {
    for (const finished of (shown[list] ?? []).filter(isNewer)) {
      board = {
        ...board,
        orders: board.orders.filter((order) => order.id !== finished.id),
        [list]: [finished, ...(board[list] ?? []).filter((order) => order.id !== finished.id)].sort((a, b) =>
          b.updatedAt.localeCompare(a.updatedAt),
        ),
      };
    }
  }
  return board;
}

/** The day's unpaid list after a change: an order handed over unpaid goes in; collected (or recalled), it comes out. */
function mergeUnpaidOrder(unpaid: DoneOrder[], incoming: StaffOrder): DoneOrder[] {
  const others = unpaid.filter((order) => order.id !== incoming.id);
  if (incoming.status !== "completed" || incoming.paymentState !== "not_collected") return others;
  return [incoming, ...others].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** The Done list as the board shows it: what was finished within the recall window. */
export function recentlyDone<Order extends DoneOrder>(done: readonly Order[], now: number): Order[] {
  return done.filter((order) => now - Date.parse(order.updatedAt) <= RECALL_WINDOW_MINUTES * 60_000);
}

/** One lane's orders, the most pressing first: by pickup time where one was asked for, else by when placed. */
export function laneOrders(
  orders: readonly StaffOrder[],
  status: OrderStatus,
  thresholds: BoardAgeThresholds,
  now: number,
): StaffOrder[] {
  const start = (order: StaffOrder) => ticketAge(order, thresholds, now).clockStartedAt;
  return orders
    .filter((order) => order.status === status)
    .sort((a, b) => start(a) - start(b) || a.createdAt.localeCompare(b.createdAt));
}

/**
 * How many ticket columns each lane gets out of `total`: every lane with orders at least one,
 * then one at a time to the lane with the most rows, so the fewest tickets fall below the fold.
 */
export function laneColumns(counts: readonly number[], total: number): number[] {
  const columns: number[] = counts.map((count) => (count > 0 ? 1 : 0));
  let spare = total - columns.reduce((sum, value) => sum + value, 0);
  const rows = (index: number) => (columns[index] === 0 ? 0 : Math.ceil(counts[index]! / columns[index]!));
  while (spare > 0) {
    let busiest = -1;
    counts.forEach((count, index) => {
      if (count <= columns[index]!) return;
      if (busiest === -1 || rows(index) > rows(busiest)) busiest = index;
    });
    if (busiest === -1) break;
    columns[busiest]! += 1;
    spare -= 1;
  }
  return columns;
}

/** "10:42 AM": a clock time in the location's time zone. */
export function clockTime(isoInstant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(isoInstant),
  );
}

/** "now", "4 min", "1 h 05": how long an order has waited. */
export function waitedLabel(minutes: number): string {
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;
}

/** The tab's title: the count of new orders first, so it shows on a tab that is not in front. */
export function boardTitle(newOrders: number, page = "Order board"): string {
  return newOrders > 0 ? `(${newOrders}) New orders · ${page} · Squeeze` : `${page} · Squeeze`;
}

/** "Nov 23, 10:42 AM PST": when a change was made, on the location's clock and calendar. */
export function historyTime(isoInstant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  })
    .format(new Date(isoInstant))
    .replace(/\s/g, " "); // plain spaces, whatever the ICU version
}
