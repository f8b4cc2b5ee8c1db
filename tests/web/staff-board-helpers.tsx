/** The staff board's tests share this: the shop, its tickets, the routes, the answer and the live socket. */
import { vi } from "vitest";
import { shopDate, startOfShopDay } from "#common/shop-calendar";
import type { StaffOrder } from "#common/staff-orders";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import StaffMenuPage from "#web/features/staff-menu/staff-menu-page";
import { FakeWebSocket } from "./fake-websocket";
import { staffBoard, staffOrder as ticket } from "./order-fixtures";
import { json, renderRoutes, resetStores } from "./storefront-helpers";

export const ANAHEIM = {
  id: "loc-anaheim",
  name: "Squeeze Anaheim",
  timeZone: "America/Los_Angeles",
  ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
  drinkLimits: { perOrder: 40, perSlot: 12 },
  // Open all day: no ticket here is booked outside the hours.
  openingHours: {
    timeZone: "America/Los_Angeles",
    weekly: ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, opens: "00:00", closes: "00:00" })),
    exceptions: [],
  },
};

/*
 * The board's clock: midday at the shop today, moving with the real one. A ticket "12 minutes ago"
 * would fall on the day before just after the shop's midnight, and the board shows such a ticket
 * as an earlier day's; the tests are about today's.
 */
const RealDate = Date;
const realStartMs = RealDate.now();
const boardStartMs =
  startOfShopDay(shopDate(realStartMs, ANAHEIM.timeZone), ANAHEIM.timeZone).getTime() + 12 * 3_600_000;

/** Now on the board's clock, in milliseconds. */
export const boardNow = () => boardStartMs + (RealDate.now() - realStartMs);

/** Sets the board's clock for what follows; `vi.useRealTimers()` leaves it. */
export function pinBoardClock() {
  vi.useFakeTimers({ toFake: ["Date"], now: boardNow(), shouldAdvanceTime: true });
}

/** Fakes every timer as well, the board's clock kept: for alerts and reconnections. */
export function fakeBoardTimers() {
  vi.useFakeTimers({ now: boardNow(), shouldAdvanceTime: true });
}

pinBoardClock();

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A ticket of two Sunrise Oranges placed 4 minutes ago, already seen at the counter. */
export function staffOrder(id: string, overrides: Partial<StaffOrder> = {}): StaffOrder {
  return ticket(id, {
    totalCents: 1298,
    createdAt: minutesAgo(4),
    updatedAt: minutesAgo(4),
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 2, note: "Less ice", options: [] }],
    // Seen at the counter already: only an order nobody has acknowledged alerts.
    acknowledged: { orderId: id, at: minutesAgo(3), byName: "Sam Barista" },
    ...overrides,
  });
}

export const first = staffOrder("aaaaaaaa-0000-4000-8000-000000000001");
export const second = staffOrder("bbbbbbbb-0000-4000-8000-000000000002", {
  status: "preparing",
  paymentMode: "stripe",
  paymentState: "paid",
  customerName: "Grace Hopper",
  createdAt: minutesAgo(12),
  lines: [{ name: "Ginger Fire Shot", size: "default", quantity: 1, note: "", options: [] }],
});

export const third = staffOrder("cccccccc-0000-4000-8000-000000000003", {
  customerName: "Alan Turing",
  createdAt: minutesAgo(2),
});

/** The staff side as the app routes it: the frame, with the board and the Menu page in it. */
export function renderBoard(at = "/staff") {
  return renderRoutes(
    [
      {
        path: "/staff",
        element: <StaffLayout />,
        children: [
          { index: true, element: <StaffBoardPage /> },
          { path: "menu", element: <StaffMenuPage /> },
        ],
      },
      { path: "/", element: <h1>Shop</h1> },
    ],
    at,
  );
}

/** The board's answer: open orders and the Done list. */
export const boardAnswer = (orders: StaffOrder[], done: StaffOrder[] = []) =>
  json(staffBoard(ANAHEIM, orders, { done }));

export function boardSocket() {
  const socket = FakeWebSocket.latest("/api/live/board");
  if (!socket) throw new Error("the board opened no live socket");
  return socket;
}

/** Before each test: no stores left from the last one, and no alert pending. */
export function resetBoard() {
  pinBoardClock();
  resetStores();
  useNewOrderAlerts.setState({ pending: [], seenHere: [], revealing: null });
}
