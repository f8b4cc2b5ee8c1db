/** The board's rules, as functions: merging copies, clocks, Done, columns, folding, alerts, stacks. */
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { staffOrdersQueryOptions } from "#web/features/staff-board/api/list-staff-orders";
import { withAcknowledgements } from "#web/features/staff-board/alerts/acknowledgements";
import { unacknowledgedNewOrders } from "#web/features/staff-board/alerts/new-order-alerts";
import {
  clockTime,
  laneColumns,
  mergeBoardOrder,
  waitedLabel,
  withBoardOrder,
} from "#web/features/staff-board/board-orders";
import { ticketStacks } from "#web/features/staff-board/components/board-lane";
import { columnsForWidth, laneLayout } from "#web/features/staff-board/use-lane-layout";
import { ANAHEIM, minutesAgo, staffOrder, first, second, third, resetBoard } from "./staff-board-helpers";
import { staffBoard } from "./order-fixtures";
import { json, mockApi } from "./storefront-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

describe("the board's rules", () => {
  it("ignores a copy older than the one shown, and drops an order that leaves the board", () => {
    const newer = { ...first, status: "preparing" as const, updatedAt: new Date().toISOString() };
    expect(mergeBoardOrder([newer], first)).toEqual([newer]);
    expect(mergeBoardOrder([first], { ...newer, status: "completed" })).toEqual([]);
    expect(mergeBoardOrder([first], { ...second, paymentState: "pending" })).toEqual([first]);
    expect(mergeBoardOrder([first], second)?.map((order) => order.id)).toEqual([second.id, first.id]);
  });

  it("shows the clock time in the location's time zone, across a daylight-saving change", () => {
    expect(clockTime("2026-11-23T18:42:00Z", "America/Los_Angeles")).toBe("10:42 AM");
    expect(clockTime("2026-07-01T18:42:00Z", "America/Los_Angeles")).toBe("11:42 AM");
    expect(clockTime("2026-11-23T18:42:00Z", "America/New_York")).toBe("1:42 PM");
  });

  it("says how long an order has waited", () => {
    expect(waitedLabel(0)).toBe("now");
    expect(waitedLabel(5)).toBe("5 min");
    expect(waitedLabel(62)).toBe("1 h 02");
  });

  it("keeps finished orders in the Done list, with the state a cancelled one came from", () => {
    const board = staffBoard(ANAHEIM, [first, third]);
    const cancelled = { ...first, status: "cancelled" as const, updatedAt: new Date().toISOString() };
    const after = withBoardOrder(board, cancelled)!;
    expect(after.orders.map((order) => order.id)).toEqual([third.id]);
    expect(after.done).toEqual([{ ...cancelled, cancelledFrom: "received" }]);
    // Recalled: back on the board, out of the Done list.
    const recalled = { ...first, status: "received" as const, updatedAt: new Date(Date.now() + 1000).toISOString() };
    const back = withBoardOrder(after, recalled)!;
    expect(back.done).toEqual([]);
    expect(back.orders.map((order) => order.id)).toEqual([first.id, third.id]);
  });

  it("keeps the changes that reached the board live while a full read was on its way", async () => {
    const readAt = minutesAgo(1);
    const justNow = new Date().toISOString();
    const board = (orders: StaffOrdersResponse["orders"]) => staffBoard(ANAHEIM, orders, { readAt });
    const client = new QueryClient();
    const { queryKey } = staffOrdersQueryOptions();
    const live = (order: StaffOrdersResponse["orders"][number]) =>
      client.setQueryData(queryKey, (shown) => withBoardOrder(shown, order));
    client.setQueryData(queryKey, board([second, first, third]));
    // While the read was on its way: first moved on, third was finished, a new order came in.
    const moved = { ...first, status: "preparing" as const, updatedAt: justNow };
    const placed = staffOrder("dddddddd-0000-4000-8000-000000000004", { createdAt: justNow, updatedAt: justNow });
    live(moved);
    live({ ...third, status: "completed", updatedAt: justNow });
    live(placed);
    // The read, begun before all that, answers with its older copies; second had left the board before it began.
    let read = board([first, third]);
    mockApi({ "GET /api/staff/orders": () => json(read) });
    await client.fetchQuery(staffOrdersQueryOptions());
    const shown = client.getQueryData(queryKey)!;
    expect(shown.orders.map((order) => [order.id, order.status])).toEqual([
      [first.id, "preparing"],
      [placed.id, "received"],
    ]);
    expect(shown.done.map((order) => [order.id, order.status])).toEqual([[third.id, "completed"]]);
    // A later read that has them all is shown as it is.
    read = { ...board([moved, placed]), readAt: new Date(Date.now() + 1000).toISOString() };
    await client.fetchQuery(staffOrdersQueryOptions());
    expect(client.getQueryData(queryKey)!.orders).toEqual([moved, placed]);
    expect(client.getQueryData(queryKey)!.done).toEqual([]);
  });

  it("gives the lanes with most tickets more columns, so the fewest fall below the fold", () => {
    expect(laneColumns([8, 2, 2], 4)).toEqual([2, 1, 1]);
    expect(laneColumns([8, 2, 2], 5)).toEqual([3, 1, 1]);
    expect(laneColumns([12, 0, 0], 3)).toEqual([3, 0, 0]);
    expect(laneColumns([1, 1, 0], 6)).toEqual([1, 1, 0]);
    expect(laneColumns([5, 5, 2], 4)).toEqual([2, 1, 1]);
  });

  it("fits four ticket columns on a 1024 tablet and six at 1440, and an empty lane gives its width away", () => {
    // The board's width inside its padding: 1024 - 12 and 1440 - 12.
    expect(columnsForWidth(1012, [14, 3, 3])).toEqual([2, 1, 1]);
    expect(columnsForWidth(1428, [14, 3, 3])).toEqual([4, 1, 1]);
    // Preparing empty: its heading only, and New gets a column more.
    expect(columnsForWidth(1012, [14, 0, 3])).toEqual([3, 0, 1]);
  });

  it("folds Later away when its column would cost a busier lane one, unless the person shows it", () => {
    // Later, New, Preparing, Ready in a rush at 1024: Later folds, New keeps its two columns.
    expect(laneLayout(1012, [1, 14, 3, 3], { index: 0, choice: null })).toEqual({
      columns: [0, 2, 1, 1],
      folded: true,
    });
    expect(laneLayout(1012, [1, 14, 3, 3], { index: 0, choice: "shown" })).toEqual({
      columns: [1, 1, 1, 1],
      folded: false,
    });
    // A quiet board has room for it.
    expect(laneLayout(1012, [2, 1, 1, 0], { index: 0, choice: null })).toEqual({
      columns: [2, 1, 1, 0],
      folded: false,
    });
    expect(laneLayout(1012, [2, 1, 1, 0], { index: 0, choice: "folded" }).folded).toBe(true);
  });

  it("never takes an acknowledged order back to unacknowledged, whichever copy comes later", () => {
    const seen = { ...third, acknowledged: { orderId: third.id, at: minutesAgo(1), byName: "Kim Colleague" } };
    const laterCopy = {
      ...third,
      acknowledged: null,
      paymentState: "paid_at_counter" as const,
      updatedAt: new Date().toISOString(),
    };
    expect(mergeBoardOrder([seen], laterCopy)).toEqual([{ ...laterCopy, acknowledged: seen.acknowledged }]);
    const board = staffBoard(ANAHEIM, [first, { ...third, acknowledged: null }]);
    const after = withAcknowledgements(board, [seen.acknowledged])!;
    expect(after.orders.find((order) => order.id === third.id)?.acknowledged).toEqual(seen.acknowledged);
    // The first acknowledgement stays.
    expect(
      withAcknowledgements(after, [{ ...seen.acknowledged, byName: "Someone Else" }])!.orders[1]!.acknowledged,
    ).toEqual(seen.acknowledged);
  });

  it("alerts only the orders in New that nobody has acknowledged, not those held in Later", () => {
    const now = Date.now();
    const unseen = { ...third, acknowledged: null };
    const held = staffOrder("eeeeeeee-0000-4000-8000-000000000005", {
      acknowledged: null,
      prepStartsAt: new Date(now + 3_600_000).toISOString(),
    });
    const started = { ...second, acknowledged: null };
    expect(unacknowledgedNewOrders([first, unseen, held, started], now)).toEqual([unseen.id]);
    expect(unacknowledgedNewOrders([first, unseen], now, [unseen.id])).toEqual([]);
  });

  it("stacks a lane's tickets so a short one never leaves a gap, the first ones across the top", () => {
    const short = (id: string) =>
      staffOrder(id, { lines: [{ name: "Shot", size: "default", quantity: 1, note: "", options: [] }] });
    const tall = (id: string) =>
      staffOrder(id, {
        lines: [1, 2, 3].map(() => ({
          name: "Juice",
          size: "large" as const,
          quantity: 1,
          note: "No ice",
          options: [],
        })),
      });
    const stacks = ticketStacks([tall("a"), short("b"), short("c"), short("d"), short("e")], 2);
    expect(stacks.map((stack) => stack.map((order) => order.id))).toEqual([
      ["a", "d"],
      ["b", "c", "e"],
    ]);
  });
});
