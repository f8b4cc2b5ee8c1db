import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimeIn } from "#common/hours/format";
import { RECALL_REFUSALS } from "#common/order-lifecycle";
import type { StaffOrder } from "#common/staff-orders";
import { withAcknowledgements } from "#web/features/staff-board/alerts/acknowledgements";
import { unacknowledgedNewOrders, useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import {
  clockTime,
  laneColumns,
  mergeBoardOrder,
  waitedLabel,
  withBoardOrder,
} from "#web/features/staff-board/board-orders";
import { ticketStacks } from "#web/features/staff-board/components/board-lane";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import { refundStillOwedText } from "#web/features/staff-board/use-board-actions";
import StaffLayout from "#web/features/staff-board/staff-layout";
import { columnsForWidth, laneLayout } from "#web/features/staff-board/use-lane-layout";
import StaffMenuPage from "#web/features/staff-menu/staff-menu-page";
import { FakeAudioContext } from "./fake-audio";
import { everyChanceToReconnect, FakeWebSocket } from "./fake-websocket";
import { json, mockApi, renderRoutes, resetStores } from "./storefront-helpers";

const ANAHEIM = {
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

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function staffOrder(id: string, overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id,
    status: "received",
    paymentMode: "pay_on_pickup",
    paymentState: "not_required",
    customerName: "Ada Lovelace",
    phone: "+1 (714) 555-0101",
    totalCents: 1298,
    tipCents: 0,
    fulfilment: "pickup",
    fulfilmentAddress: "512 South Brookhurst St #4, Anaheim, CA 92804",
    cancelReason: null,
    createdAt: minutesAgo(4),
    updatedAt: minutesAgo(4),
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 2, note: "Less ice", options: [] }],
    // Seen at the counter already: only an order nobody has acknowledged alerts.
    acknowledged: { orderId: id, at: minutesAgo(3), byName: "Sam Barista" },
    ...overrides,
  };
}

const first = staffOrder("aaaaaaaa-0000-4000-8000-000000000001");
const second = staffOrder("bbbbbbbb-0000-4000-8000-000000000002", {
  status: "preparing",
  paymentMode: "stripe",
  paymentState: "paid",
  customerName: "Grace Hopper",
  createdAt: minutesAgo(12),
  lines: [{ name: "Ginger Fire Shot", size: "default", quantity: 1, note: "", options: [] }],
});

/** The staff side as the app routes it: the frame, with the board and the Menu page in it. */
function renderBoard(at = "/staff") {
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
const boardAnswer = (orders: StaffOrder[], done: StaffOrder[] = []) => json({ location: ANAHEIM, orders, done });

function boardSocket() {
  const socket = FakeWebSocket.latest("/api/live/board");
  if (!socket) throw new Error("the board opened no live socket");
  return socket;
}

beforeEach(() => {
  resetStores();
  useNewOrderAlerts.setState({ pending: [], seenHere: [], revealing: null });
});
afterEach(() => vi.restoreAllMocks());

describe("the order board", () => {
  it("shows every open order as a compact ticket in its lane, with what to make in large type", async () => {
    mockApi({ "GET /api/staff/orders": () => boardAnswer([second, first]) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    const card = within(newColumn).getByRole("article", { name: "#AAAAAAAA" });
    expect(card).toHaveTextContent("Ada Lovelace");
    expect(card).toHaveTextContent("ASAP");
    expect(card).toHaveTextContent("4 min");
    expect(within(card).getByRole("listitem")).toHaveTextContent("2×MMediumSunrise Orange“Less ice”");
    // What a barista does not need to make the drinks waits in the details.
    expect(within(card).queryByRole("link")).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: /^Collect \$12\.98/ })).toHaveTextContent("Collect$12.98");
    expect(screen.getByText("Squeeze Anaheim", { exact: false })).toBeInTheDocument();
    const preparing = screen.getByRole("region", { name: /^Preparing/ });
    const paidCard = within(preparing).getByRole("article", { name: "#BBBBBBBB" });
    expect(within(paidCard).queryByRole("button", { name: /Collect/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: /^Ready/ })).getByText("No orders")).toBeInTheDocument();
    expect(screen.getByLabelText("Open orders")).toHaveTextContent("New 1Preparing 1Ready 0");
    expect(document.title).toBe("(1) New orders · Order board · Squeeze");
  });

  it("marks a large order in words with its drinks, and only one larger than a slot's drinks", async () => {
    const large = staffOrder("cccccccc-0000-4000-8000-000000000003", {
      customerName: "Office Lunch",
      lines: [
        { name: "Sunrise Orange", size: "medium", quantity: 10, note: "", options: [] },
        { name: "Ginger Fire Shot", size: "default", quantity: 8, note: "", options: [] },
      ],
    });
    const twelve = staffOrder("dddddddd-0000-4000-8000-000000000004", {
      lines: [{ name: "Sunrise Orange", size: "medium", quantity: 12, note: "", options: [] }],
    });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first, large, twelve]) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    expect(within(newColumn).getByRole("article", { name: "#CCCCCCCC" })).toHaveTextContent("Large order · 18 drinks");
    expect(within(newColumn).getByRole("article", { name: "#DDDDDDDD" })).not.toHaveTextContent("Large order");
    expect(within(newColumn).getByRole("article", { name: "#AAAAAAAA" })).not.toHaveTextContent("Large order");
  });

  it("opens a ticket's details on demand: phone, address, payment and history", async () => {
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () => json({ history: [] }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Details of order #AAAAAAAA" }));
    const dialog = await screen.findByRole("dialog", { name: "Order #AAAAAAAA" });
    expect(within(dialog).getByRole("link", { name: "+1 (714) 555-0101" })).toHaveAttribute("href", "tel:+17145550101");
    expect(dialog).toHaveTextContent("Pickup at512 South Brookhurst St #4, Anaheim, CA 92804");
    expect(dialog).toHaveTextContent("PaymentPay on pickup · $12.98");
  });

  it("colours a ticket by its age at the shop's thresholds, with a word or an icon too, the most pressing first", async () => {
    const waiting = staffOrder("aaaaaaaa-0000-4000-8000-00000000000a", { createdAt: minutesAgo(6) });
    const late = staffOrder("bbbbbbbb-0000-4000-8000-00000000000b", { createdAt: minutesAgo(12) });
    // Due in 3 minutes: its clock started 7 minutes ago (10 before its time), so it is waiting too.
    const dueSoon = staffOrder("cccccccc-0000-4000-8000-00000000000c", {
      createdAt: minutesAgo(1),
      pickup: { mode: "slot", at: new Date(Date.now() + 3 * 60_000).toISOString(), timeZone: ANAHEIM.timeZone },
    });
    const later = staffOrder("dddddddd-0000-4000-8000-00000000000d", {
      createdAt: minutesAgo(2),
      pickup: { mode: "slot", at: new Date(Date.now() + 40 * 60_000).toISOString(), timeZone: ANAHEIM.timeZone },
    });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([later, late, waiting, dueSoon]) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    const tickets = within(newColumn).getAllByRole("article");
    expect(
      tickets.map((ticket) => ticket.getAttribute("aria-labelledby") && ticket.querySelector("h3")?.textContent),
    ).toEqual(["#BBBBBBBB", "#CCCCCCCC", "#AAAAAAAA", "#DDDDDDDD"]);
    const [lateTicket, dueTicket, waitingTicket, laterTicket] = tickets as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(lateTicket).toHaveClass("board-card--late");
    expect(lateTicket).toHaveTextContent("Late 12 min");
    expect(waitingTicket).toHaveClass("board-card--waiting");
    expect(waitingTicket).toHaveTextContent("Waiting: 6 min");
    expect(dueTicket).toHaveClass("board-card--waiting");
    expect(dueTicket).toHaveTextContent("in 3 min");
    expect(laterTicket).toHaveClass("board-card--on_time");
    expect(laterTicket).toHaveTextContent(`Pickup ${formatTimeIn(new Date(later.pickup!.at), ANAHEIM.timeZone)}`);
    expect(laterTicket).toHaveTextContent("in 40 min");
  });

  it("moves a ticket on with one tap each, and a done one goes to the Done list", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": ({ body }) =>
        json({ order: { ...first, status: (body as { status: string }).status, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Start" }));
    const moved = await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    // The move names what the tablet showed, so the API can refuse it if the order changed meanwhile.
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: { status: "preparing", expected: { status: first.status, paymentState: first.paymentState } },
    });
    await user.click(within(moved).getByRole("button", { name: "Ready" }));
    const ready = await within(screen.getByRole("region", { name: /^Ready/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    await user.click(within(ready).getByRole("button", { name: "Done" }));
    // Pay on pickup, not yet collected: Done asks first.
    const question = await screen.findByRole("dialog", { name: "Collected $12.98?" });
    await user.click(within(question).getByRole("button", { name: "Yes" }));
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { status: "completed", payment: "collected" } });
    await vi.waitFor(() => expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument());
    expect(document.title).toBe("Order board · Squeeze");
    expect(screen.getByRole("button", { name: "Done 1" })).toBeInTheDocument();
  });

  it("recalls an order completed by mistake back to Ready, and says why a refunded one cannot come back", async () => {
    const completed = { ...first, status: "completed" as const, updatedAt: minutesAgo(3) };
    const refunded = {
      ...second,
      status: "cancelled" as const,
      paymentState: "refunded" as const,
      cancelReason: "Out of oranges",
      cancelledFrom: "preparing" as const,
      updatedAt: minutesAgo(5),
    };
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([], [completed, refunded]),
      [`POST /api/staff/orders/${first.id}/recall`]: () =>
        json({ order: { ...first, status: "ready", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole("button", { name: "Done 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Done in the last 30 minutes" });
    const entries = within(dialog).getAllByRole("listitem");
    expect(entries[1]).toHaveTextContent(
      "Refunded: the payment went back to the customer, so this order cannot come back.",
    );
    expect(within(entries[1]!).queryByRole("button")).not.toBeInTheDocument();
    await user.click(within(entries[0]!).getByRole("button", { name: "Recall to Ready: order #AAAAAAAA" }));
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: expect.stringContaining(`/${first.id}/recall`) });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(
      await within(screen.getByRole("region", { name: /^Ready/ })).findByRole("article", { name: "#AAAAAAAA" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Done 1" })).toBeInTheDocument();
  });

  it('asks "Collected $12.98?" before marking a pay-on-pickup order paid, then says Paid in words', async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`POST /api/staff/orders/${first.id}/paid-at-counter`]: () =>
        json({ order: { ...first, paymentState: "paid_at_counter", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    const collect = within(card).getByRole("button", {
      name: "Collect $12.98: mark order #AAAAAAAA paid at the counter",
    });
    expect(within(card).queryByText("Paid")).toBeNull();

    // Cancel: nothing is recorded, the ticket still asks for the money.
    await user.click(collect);
    let question = await screen.findByRole("dialog", { name: "Collected $12.98?" });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.includes("/paid-at-counter"))).toBe(false);
    expect(within(card).getByRole("button", { name: /^Collect \$12\.98/ })).toBeInTheDocument();

    // Yes: marked paid, and the ticket says so where Collect was.
    await user.click(within(card).getByRole("button", { name: /^Collect \$12\.98/ }));
    question = await screen.findByRole("dialog", { name: "Collected $12.98?" });
    expect(within(question).queryByRole("button", { name: "Not paid" })).toBeNull();
    await user.click(within(question).getByRole("button", { name: "Yes" }));
    await vi.waitFor(() => expect(within(card).queryByRole("button", { name: /Collect/ })).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: expect.stringContaining("/paid-at-counter") });
    expect(within(card).getByText("Paid")).toHaveClass("board-card__paid");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("takes the next tap on a card the live channel moved before the API answered", async () => {
    const preparing = { ...first, status: "preparing" as const, updatedAt: minutesAgo(1) };
    let answerStartPreparing: (response: Response) => void = () => {};
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": ({ body }) =>
        (body as { status: string }).status === "preparing"
          ? new Promise<Response>((resolve) => (answerStartPreparing = resolve))
          : json({ order: { ...first, status: "ready", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => boardSocket().serverOpen());
    await user.click(within(card).getByRole("button", { name: "Start" }));

    // The change reaches the board by the live channel first; the API's answer is still on its way.
    act(() => boardSocket().serverSend({ type: "order", order: preparing }));
    const moved = await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    const markReady = within(moved).getByRole("button", { name: "Ready" });
    expect(markReady).not.toHaveAttribute("aria-disabled", "true");
    markReady.focus();
    await user.keyboard("{Enter}");
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { status: "ready" } });

    // The late answer to the first tap does not pull the card back.
    await act(async () => answerStartPreparing(json({ order: preparing })));
    expect(
      await within(screen.getByRole("region", { name: /^Ready/ })).findByRole("article", { name: "#AAAAAAAA" }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: /^Preparing/ })).getByText("No orders")).toBeInTheDocument();
  });

  it("asks why before cancelling, offers the usual reasons, and sends the one chosen", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () => json({ history: [] }),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": ({ body }) =>
        json({
          order: {
            ...first,
            status: "cancelled",
            cancelReason: (body as { reason: string }).reason,
            updatedAt: new Date().toISOString(),
          },
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Details of order #AAAAAAAA" }));
    await user.click(await screen.findByRole("button", { name: "Cancel order…" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #AAAAAAAA?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByText("Say why the order is cancelled")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    expect(
      within(within(dialog).getByRole("group", { name: "Reason" }))
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Out of an ingredient", "Shop closing", "Customer asked"]);
    await user.click(within(dialog).getByRole("button", { name: "Out of an ingredient" }));
    expect(within(dialog).getByLabelText(/^Reason \(pick one/)).toHaveValue("Out of an ingredient");
    await user.type(within(dialog).getByLabelText(/^Reason \(pick one/), ": oranges");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: { status: "cancelled", reason: "Out of an ingredient: oranges" },
    });
    expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument();
  });

  it("tells a shopper the staff pages are for staff, and a guest to sign in", async () => {
    mockApi({ "GET /api/staff/orders": () => json({ error: { code: "forbidden", message: "Only staff" } }, 403) });
    const { unmount } = renderBoard();
    expect(await screen.findByRole("alert")).toHaveTextContent("These pages are for the shop's staff");
    unmount();
    vi.restoreAllMocks();
    const { calls } = mockApi({
      "GET /api/staff/orders": () => json({ error: { code: "unauthorized", message: "Sign in" } }, 401),
    });
    renderBoard("/staff/menu");
    expect(await screen.findByRole("alert")).toHaveTextContent("Sign in with your staff e-mail");
    // The Menu page asks nothing of the API for someone who may not use it.
    expect(calls.map((call) => new URL(call.url, "http://x").pathname)).toEqual(["/api/staff/orders"]);
  });
});

describe("refunds the shop still owes", () => {
  const owed = staffOrder("eeeeeeee-0000-4000-8000-00000000000e", {
    status: "cancelled",
    paymentMode: "stripe",
    paymentState: "refund_pending",
    customerName: "Mia Chen",
    totalCents: 1647,
    cancelReason: "Out of mango",
    updatedAt: minutesAgo(2),
  });
  const refundsRow = () => screen.getByRole("region", { name: /^Refunds to retry/ });

  it("waits above the lanes, out of them, with one tap to retry; once refunded it leaves for Done", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, owed]),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, paymentState: "refunded", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const row = await screen.findByRole("region", { name: /^Refunds to retry/ });
    expect(within(row).getByRole("heading")).toHaveTextContent("Refunds to retry 1");
    expect(within(row).getByRole("listitem")).toHaveTextContent("#EEEEEEEE$16.47 Mia Chen");
    // Not an order to make: in no lane.
    for (const lane of ["New", "Preparing", "Ready"]) {
      expect(
        within(screen.getByRole("region", { name: new RegExp(`^${lane}`) })).queryByRole("article", {
          name: "#EEEEEEEE",
        }),
      ).not.toBeInTheDocument();
    }

    await user.click(within(row).getByRole("button", { name: "Retry the refund of $16.47: order #EEEEEEEE" }));
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: expect.stringContaining(`/${owed.id}/status`),
      body: { status: "cancelled", reason: "Out of mango" },
    });
    expect(await screen.findByText("Order #EEEEEEEE is refunded: $16.47 back to the card.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.queryByRole("region", { name: /^Refunds to retry/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done 1" }));
    const done = await screen.findByRole("dialog", { name: "Done in the last 30 minutes" });
    expect(within(done).getByRole("listitem")).toHaveTextContent(RECALL_REFUSALS.refunded);
  });

  it("says so when the refund still does not go through, and keeps it for the next try", async () => {
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([owed]),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("region", { name: /^Refunds to retry/ });
    await user.click(within(refundsRow()).getByRole("button", { name: /^Retry the refund/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refundStillOwedText(owed));
    expect(within(refundsRow()).getByRole("button", { name: /^Retry the refund/ })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("shows in the order's details what is owed and why, with the retry there too", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([owed]),
      [`GET /api/staff/orders/${owed.id}/history`]: () => json({ history: [] }),
      [`POST /api/staff/orders/${owed.id}/status`]: () =>
        json({ order: { ...owed, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("region", { name: /^Refunds to retry/ });
    await user.click(within(refundsRow()).getByRole("button", { name: "Details of order #EEEEEEEE" }));
    const dialog = await screen.findByRole("dialog", { name: "Order #EEEEEEEE" });
    expect(dialog).toHaveTextContent("PaymentRefund pending · $16.47");
    expect(dialog).toHaveTextContent("the card refund has not gone through");
    expect(within(dialog).queryByRole("button", { name: "Cancel order…" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Retry refund of $16.47" }));
    expect(calls.filter((call) => call.method === "POST")).toMatchObject([{ body: { status: "cancelled" } }]);
    // The dialog covers the board: the outcome is said in it.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(refundStillOwedText(owed));
  });

  it("keeps a cancelled card order whose refund failed on the board and says so, instead of letting it vanish", async () => {
    const paidCard = { ...second, status: "received" as const };
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([paidCard]),
      [`GET /api/staff/orders/${paidCard.id}/history`]: () => json({ history: [] }),
      [`POST /api/staff/orders/${paidCard.id}/status`]: ({ body }) =>
        json({
          order: {
            ...paidCard,
            status: "cancelled",
            paymentState: "refund_pending",
            cancelReason: (body as { reason: string }).reason,
            updatedAt: new Date().toISOString(),
          },
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#BBBBBBBB" });
    await user.click(within(card).getByRole("button", { name: "Details of order #BBBBBBBB" }));
    await user.click(await screen.findByRole("button", { name: "Cancel order…" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #BBBBBBBB?" });
    await user.click(within(dialog).getByRole("button", { name: "Shop closing" }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("alert")).toHaveTextContent(refundStillOwedText(paidCard));
    expect(within(refundsRow()).getByRole("listitem")).toHaveTextContent("#BBBBBBBB$12.98 Grace Hopper");
    expect(screen.queryByRole("article", { name: "#BBBBBBBB" })).not.toBeInTheDocument();
  });

  it("arrives over the live channel like any change, and never in the Done list while it is owed", () => {
    const open = { ...second, status: "received" as const };
    const board = { location: ANAHEIM, orders: [open], done: [], unpaid: [], earlier: { count: 0 } };
    const claimed = {
      ...open,
      status: "cancelled" as const,
      paymentState: "refund_pending" as const,
      updatedAt: minutesAgo(1),
    };
    const afterClaim = withBoardOrder(board, claimed)!;
    expect(afterClaim.orders.map((order) => order.paymentState)).toEqual(["refund_pending"]);
    expect(afterClaim.done).toEqual([]);
    const refunded = { ...claimed, paymentState: "refunded" as const, updatedAt: new Date().toISOString() };
    const afterRefund = withBoardOrder(afterClaim, refunded)!;
    expect(afterRefund.orders).toEqual([]);
    expect(afterRefund.done.map((order) => order.paymentState)).toEqual(["refunded"]);
  });
});

describe("a board whose session ends", () => {
  it("stops reconnecting, hides the orders and offers to sign in again, straight back to the board", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = () => boardAnswer([first]);
    mockApi({ "GET /api/staff/orders": () => answer() });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    const socket = boardSocket();
    act(() => socket.serverOpen());
    const opened = FakeWebSocket.instances.length;

    answer = () => json({ error: { code: "unauthorized", message: "Sign in" } }, 401);
    act(() => socket.serverEndSession());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading")).toHaveTextContent("Signed out — sign in again");
    expect(within(alert).getByRole("link", { name: "Sign in with Google" })).toHaveAttribute(
      "href",
      "/api/auth/google/start?mode=redirect&returnTo=%2Fstaff",
    );
    expect(within(alert).getByRole("link", { name: "Sign in with Apple" })).toHaveAttribute(
      "href",
      "/api/auth/apple/start?mode=redirect&returnTo=%2Fstaff",
    );
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Open orders")).not.toBeInTheDocument();
    expect(document.title).toBe("Order board · Squeeze");

    await everyChanceToReconnect();
    expect(FakeWebSocket.instances).toHaveLength(opened);
    vi.useRealTimers();
  });

  it("says so when the person was taken off the staff list", async () => {
    let answer = () => boardAnswer([first]);
    mockApi({ "GET /api/staff/orders": () => answer() });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => boardSocket().serverOpen());
    answer = () => json({ error: { code: "forbidden", message: "Only staff" } }, 403);
    act(() => boardSocket().serverEndSession());
    await vi.waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Your account is not on the staff list."),
    );
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });
});

describe("no order goes unnoticed", () => {
  const arriving = () =>
    staffOrder("cccccccc-0000-4000-8000-000000000003", {
      customerName: "Alan Turing",
      createdAt: new Date().toISOString(),
      acknowledged: null,
    });

  beforeEach(() => {
    FakeAudioContext.reset();
    vi.stubGlobal("AudioContext", FakeAudioContext);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("says the sound is off with one button to turn it on", async () => {
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first]) });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    expect(screen.getByText("Sound is off: new orders will not be heard.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn sound on" }));
    await vi.waitFor(() => expect(screen.queryByText(/Sound is off/)).not.toBeInTheDocument());
  });

  it("says so when the browser blocks the sound", async () => {
    FakeAudioContext.allowResume = false;
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first]) });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole("button", { name: "Turn sound on" }));
    expect(await screen.findByText("The browser is blocking sound: new orders will not be heard.")).toBeInTheDocument();
  });

  it("alerts a new order until someone acknowledges it: banner, flashing ticket, title, and the sound every 30 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      "POST /api/staff/acknowledgements": ({ body }) =>
        json({
          acknowledgements: (body as { orderIds: string[] }).orderIds.map((orderId) => ({
            orderId,
            at: new Date().toISOString(),
            byName: "Sam Barista",
          })),
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(screen.getByRole("button", { name: "Turn sound on" }));
    act(() => boardSocket().serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    const reads = calls.filter((call) => call.url.endsWith("/api/staff/orders")).length;
    // What someone at the shop has already seen is not news.
    expect(screen.queryByText(/^New order/)).not.toBeInTheDocument();
    expect(FakeAudioContext.chimes()).toBe(0);

    act(() => boardSocket().serverSend({ type: "order", order: arriving() }));
    const card = await within(screen.getByRole("region", { name: /^New/ })).findByRole("article", {
      name: "#CCCCCCCC",
    });
    expect(card).toHaveClass("board-card--alert");
    expect(screen.getAllByRole("alert")[0]).toHaveTextContent("New order: #CCCCCCCC");
    expect(document.title).toBe("(2) New orders · Order board · Squeeze");
    expect(FakeAudioContext.chimes()).toBe(1);
    expect(calls.filter((call) => call.url.endsWith("/api/staff/orders"))).toHaveLength(reads);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(FakeAudioContext.chimes()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(FakeAudioContext.chimes()).toBe(3);

    await user.click(screen.getByRole("button", { name: "Seen" }));
    expect(card).not.toHaveClass("board-card--alert");
    expect(screen.queryByText("New order: #CCCCCCCC")).not.toBeInTheDocument();
    // Seen is the shop's: the server records it for every board.
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { orderIds: [arriving().id] },
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90_000);
    });
    expect(FakeAudioContext.chimes()).toBe(3);
  });

  it("announces at once, after a reload, a new order nobody has acknowledged, and chimes on the first tap", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first, arriving()]) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBoard();
    // No live message needed: the order itself says nobody has seen it.
    const card = await within(await screen.findByRole("region", { name: /^New/ })).findByRole("article", {
      name: "#CCCCCCCC",
    });
    expect(card).toHaveClass("board-card--alert");
    expect(screen.getByText("New order: #CCCCCCCC")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: /^New/ })).getByRole("article", { name: "#AAAAAAAA" }),
    ).not.toHaveClass("board-card--alert");
    // Browsers play nothing before a tap; the first tap turns the sound on and it is heard at once.
    expect(FakeAudioContext.chimes()).toBe(0);
    await user.click(screen.getByRole("button", { name: "Turn sound on" }));
    await vi.waitFor(() => expect(FakeAudioContext.chimes()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(FakeAudioContext.chimes()).toBe(2);
  });

  it("ends the alert when Seen is tapped on another board of the shop", async () => {
    // The server's answer, as the colleague's Seen leaves it.
    let seenElsewhere: StaffOrder["acknowledged"] = null;
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, { ...arriving(), acknowledged: seenElsewhere }]),
    });
    renderBoard();
    await screen.findByRole("article", { name: "#CCCCCCCC" });
    act(() => boardSocket().serverOpen());
    // The catch-up read on connecting has answered.
    await vi.waitFor(() => expect(calls.filter((call) => call.method === "GET").length).toBeGreaterThanOrEqual(2));
    await vi.waitFor(() => expect(screen.getByRole("article", { name: "#CCCCCCCC" })).toHaveClass("board-card--alert"));
    seenElsewhere = { orderId: arriving().id, at: new Date().toISOString(), byName: "Kim Colleague" };
    act(() => boardSocket().serverSend({ type: "acknowledged", acknowledgements: [seenElsewhere] }));
    await vi.waitFor(() =>
      expect(screen.getByRole("article", { name: "#CCCCCCCC" })).not.toHaveClass("board-card--alert"),
    );
    expect(screen.queryByText("New order: #CCCCCCCC")).not.toBeInTheDocument();
    // A later copy of the order, read before that Seen, does not bring the alert back.
    act(() =>
      boardSocket().serverSend({
        type: "order",
        order: { ...arriving(), updatedAt: new Date(Date.now() + 1000).toISOString() },
      }),
    );
    expect(screen.getByRole("article", { name: "#CCCCCCCC" })).not.toHaveClass("board-card--alert");
  });

  it("brings the alert back and says so when Seen could not be saved", async () => {
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, arriving()]),
      "POST /api/staff/acknowledgements": () => json({ error: { code: "server_error", message: "Try again." } }, 503),
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole("article", { name: "#CCCCCCCC" });
    await user.click(screen.getByRole("button", { name: "Seen" }));
    expect(await screen.findByText(/Seen was not saved/)).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "#CCCCCCCC" })).toHaveClass("board-card--alert");
  });

  it("keeps the alert to one line with the list of new orders one tap away, and a tap on one shows its ticket", async () => {
    const orders = [
      first,
      arriving(),
      staffOrder("dddddddd-0000-4000-8000-000000000004", { acknowledged: null, customerName: "Grace Hopper" }),
    ];
    mockApi({ "GET /api/staff/orders": () => boardAnswer(orders) });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const user = userEvent.setup();
    renderBoard();
    const summary = await screen.findByRole("button", { name: /^2 new orders: #CCCCCCCC, #DDDDDDDD/ });
    expect(summary).toHaveAttribute("aria-expanded", "false");
    await user.click(summary);
    const list = screen.getByRole("list", { name: "New orders, newest first" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["#DDDDDDDDGrace Hopper2 drinks", "#CCCCCCCCAlan Turing2 drinks"]);
    await user.click(within(list).getByRole("button", { name: /#CCCCCCCC/ }));
    const ticket = screen.getByRole("article", { name: "#CCCCCCCC" });
    expect(scrolled).toContain(ticket);
    expect(ticket).toHaveFocus();
    expect(screen.queryByRole("list", { name: "New orders, newest first" })).not.toBeInTheDocument();
  });

  it("alerts on the Menu page too, with a way to the orders", async () => {
    let orders = [first];
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer(orders),
      "GET /api/staff/availability": () =>
        json({ timeZone: ANAHEIM.timeZone, pause: null, soldOut: [], menu: [], addOns: [], soldOutOptions: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderBoard("/staff/menu");
    expect(await screen.findByRole("heading", { level: 1, name: "Menu and ordering" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn sound on" }));
    await vi.waitFor(() => expect(FakeAudioContext.instances).toHaveLength(1));
    act(() => boardSocket().serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.filter((call) => call.url.endsWith("/api/staff/orders"))).toHaveLength(2));
    orders = [first, arriving()];
    act(() => boardSocket().serverSend({ type: "order", order: orders[1] }));
    expect(await screen.findByText("New order: #CCCCCCCC")).toBeInTheDocument();
    expect(document.title).toBe("(2) New orders · Menu and ordering · Squeeze");
    expect(FakeAudioContext.chimes()).toBe(1);
    await user.click(screen.getByRole("link", { name: "Show the orders" }));
    expect(router.state.location.pathname).toBe("/staff");
    expect(await screen.findByRole("article", { name: "#CCCCCCCC" })).toHaveClass("board-card--alert");
  });

  it("says Offline at once when the browser goes offline, and alerts what arrived meanwhile once it is back", async () => {
    let orders = [first];
    mockApi({ "GET /api/staff/orders": () => boardAnswer(orders) });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    const socket = boardSocket();
    act(() => socket.serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();

    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByText("Offline")).toBeInTheDocument();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);

    // An order arrives while the tablet is offline; the network comes back.
    orders = [first, arriving()];
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    act(() => boardSocket().serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "#CCCCCCCC" })).toHaveClass("board-card--alert");
    expect(screen.getByText("New order: #CCCCCCCC")).toBeInTheDocument();
  });

  it("gives up a handshake that hangs after the network comes back, and is Live again with the next one", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first]) });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    // The reconnection's handshake never answers.
    const hanging = boardSocket();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(hanging.readyState).toBe(FakeWebSocket.CLOSED);
    expect(screen.getByText("Offline")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    const next = boardSocket();
    expect(next).not.toBe(hanging);
    act(() => next.serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
  });

  it("counts a dead connection as offline when a ping goes unanswered", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([first]) });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    const socket = boardSocket();
    act(() => socket.serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(socket.sent).toContain("ping");
    expect(screen.getByText("Offline")).toBeInTheDocument();
  });
});

/** A POST to an order's status that the test answers when it chooses. */
function heldAnswers() {
  const waiting = new Map<string, Array<(response: Response) => void>>();
  return {
    handler:
      (order: StaffOrder) =>
      ({ body }: { body: unknown }) =>
        new Promise<Response>((resolve) => {
          const status = (body as { status: StaffOrder["status"] }).status;
          const list = waiting.get(order.id) ?? [];
          list.push(() => resolve(json({ order: { ...order, status, updatedAt: new Date().toISOString() } })));
          waiting.set(order.id, list);
        }),
    fail: () => (): Promise<Response> =>
      Promise.resolve(json({ error: { code: "invalid_transition", message: "Already moved." } }, 409)),
    async answer(orderId: string) {
      const next = waiting.get(orderId)?.shift();
      if (!next) throw new Error(`no request of ${orderId} is waiting`);
      await act(async () => next(new Response()));
    },
  };
}

const third = staffOrder("cccccccc-0000-4000-8000-000000000003", {
  customerName: "Alan Turing",
  createdAt: minutesAgo(2),
});

const postsOf = (calls: { method: string; url: string }[], order: StaffOrder) =>
  calls.filter((call) => call.method === "POST" && call.url.includes(order.id));

describe("each card waits on its own request", () => {
  it("moves two cards at once, and never sends a second move of a card whose first is on its way", async () => {
    const held = heldAnswers();
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, third]),
      [`POST /api/staff/orders/${first.id}/status`]: held.handler(first),
      [`POST /api/staff/orders/${third.id}/status`]: held.handler(third),
    });
    const user = userEvent.setup();
    renderBoard();
    const firstCard = await screen.findByRole("article", { name: "#AAAAAAAA" });
    const thirdCard = screen.getByRole("article", { name: "#CCCCCCCC" });

    await user.click(within(firstCard).getByRole("button", { name: "Start" }));
    expect(firstCard).toHaveAttribute("aria-busy", "true");
    expect(within(firstCard).getByRole("button", { name: "Start" })).toHaveAttribute("aria-disabled", "true");
    // Another card is not held up by it.
    expect(thirdCard).toHaveAttribute("aria-busy", "false");
    await user.click(within(thirdCard).getByRole("button", { name: "Start" }));
    expect(postsOf(calls, third)).toHaveLength(1);

    // The same card: a second tap sends nothing while its move is on its way.
    await user.click(within(firstCard).getByRole("button", { name: "Start" }));
    expect(postsOf(calls, first)).toHaveLength(1);

    // The later request answers first: its card moves, the other still waits.
    await held.answer(third.id);
    const preparing = screen.getByRole("region", { name: /^Preparing/ });
    expect(await within(preparing).findByRole("article", { name: "#CCCCCCCC" })).toHaveAttribute("aria-busy", "false");
    expect(
      within(screen.getByRole("region", { name: /^New/ })).getByRole("article", { name: "#AAAAAAAA" }),
    ).toHaveAttribute("aria-busy", "true");
    await held.answer(first.id);
    expect(await within(preparing).findByRole("article", { name: "#AAAAAAAA" })).toHaveAttribute("aria-busy", "false");
    expect(postsOf(calls, first)).toEqual([
      expect.objectContaining({
        body: { status: "preparing", expected: { status: first.status, paymentState: first.paymentState } },
      }),
    ]);
  });

  it("says which card could not be moved, and the other card's move still goes through", async () => {
    const held = heldAnswers();
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, third]),
      [`POST /api/staff/orders/${first.id}/status`]: held.handler(first),
      [`POST /api/staff/orders/${third.id}/status`]: held.fail(),
    });
    const user = userEvent.setup();
    renderBoard();
    const firstCard = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(firstCard).getByRole("button", { name: "Start" }));
    await user.click(within(screen.getByRole("article", { name: "#CCCCCCCC" })).getByRole("button", { name: "Start" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Order #CCCCCCCC could not be moved to Preparing: Already moved.",
    );
    await held.answer(first.id);
    expect(
      await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", { name: "#AAAAAAAA" }),
    ).toBeInTheDocument();
    expect(postsOf(calls, first)).toHaveLength(1);
  });
});

describe("the keyboard focus follows a card", () => {
  function movingApi(orders: StaffOrder[]) {
    const handlers: Parameters<typeof mockApi>[0] = {
      "GET /api/staff/orders": () => boardAnswer(orders),
    };
    for (const order of orders) handlers[`GET /api/staff/orders/${order.id}/history`] = () => json({ history: [] });
    for (const order of orders) {
      handlers[`POST /api/staff/orders/${order.id}/status`] = ({ body }) =>
        json({ order: { ...order, ...(body as object), updatedAt: new Date().toISOString() } });
    }
    return mockApi(handlers);
  }

  it("to its next button in its new column, and to the card that takes its place when it leaves the board", async () => {
    movingApi([first, third]);
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    within(card).getByRole("button", { name: "Start" }).focus();

    await user.keyboard("{Enter}");
    const preparing = screen.getByRole("region", { name: /^Preparing/ });
    const markReady = within(await within(preparing).findByRole("article", { name: "#AAAAAAAA" })).getByRole("button", {
      name: "Ready",
    });
    await vi.waitFor(() => expect(markReady).toHaveFocus());

    await user.keyboard("{Enter}");
    const ready = screen.getByRole("region", { name: /^Ready/ });
    const complete = within(await within(ready).findByRole("article", { name: "#AAAAAAAA" })).getByRole("button", {
      name: "Done",
    });
    await vi.waitFor(() => expect(complete).toHaveFocus());

    // Complete: "Collected $12.98?" takes the focus on Yes; the card leaves the board, and its column is empty now.
    await user.keyboard("{Enter}");
    const question = await screen.findByRole("dialog", { name: "Collected $12.98?" });
    await vi.waitFor(() => expect(within(question).getByRole("button", { name: "Yes" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(within(ready).getByRole("heading", { name: /^Ready/ })).toHaveFocus());

    // Start the next one, and from New (now with no card) focus went along to Preparing.
    const next = within(screen.getByRole("region", { name: /^New/ })).getByRole("article", { name: "#CCCCCCCC" });
    within(next).getByRole("button", { name: "Start" }).focus();
    await user.keyboard("{Enter}");
    await vi.waitFor(() =>
      expect(
        within(within(preparing).getByRole("article", { name: "#CCCCCCCC" })).getByRole("button", {
          name: "Ready",
        }),
      ).toHaveFocus(),
    );
  });

  it("after a cancellation, to the next card in the column", async () => {
    movingApi([first, third]);
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    within(card).getByRole("button", { name: "Details of order #AAAAAAAA" }).focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Cancel order…" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #AAAAAAAA?" });
    await user.keyboard("Out of oranges");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const next = within(screen.getByRole("region", { name: /^New/ })).getByRole("article", { name: "#CCCCCCCC" });
    await vi.waitFor(() => expect(within(next).getByRole("button", { name: "Start" })).toHaveFocus());
  });

  it("stays where the barista put it meanwhile, and stays on the button when the move is refused", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([first, third]),
      [`POST /api/staff/orders/${first.id}/status`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`POST /api/staff/orders/${third.id}/status`]: () =>
        json({ error: { code: "invalid_transition", message: "Already moved." } }, 409),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    within(card).getByRole("button", { name: "Start" }).focus();
    await user.keyboard("{Enter}");
    // While the request is on its way the barista goes on to the next card.
    const other = screen.getByRole("article", { name: "#CCCCCCCC" });
    const otherButton = within(other).getByRole("button", { name: "Start" });
    otherButton.focus();
    await act(async () =>
      answer(json({ order: { ...first, status: "preparing", updatedAt: new Date().toISOString() } })),
    );
    await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", { name: "#AAAAAAAA" });
    expect(otherButton).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be moved");
    expect(otherButton).toHaveFocus();
  });
});

describe("an order's history", () => {
  const history = [
    {
      status: "received",
      previousStatus: null,
      paymentState: "not_required",
      actor: "customer",
      actorName: "Ada Lovelace",
      reason: null,
      at: "2026-11-23T18:40:00.000Z",
    },
    {
      status: "preparing",
      previousStatus: "received",
      paymentState: "not_required",
      actor: "staff",
      actorName: "Sam Barista",
      reason: null,
      at: "2026-11-23T18:42:30.000Z",
    },
    {
      status: "cancelled",
      previousStatus: "preparing",
      paymentState: "refunded",
      actor: "staff",
      actorName: null,
      reason: "Out of oranges",
      at: "2026-11-24T08:05:00.000Z",
    },
  ];

  it("opens from the card with the keyboard and lists every change: from, to, who, when on the shop's clock, why", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () => json({ history }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    const button = within(card).getByRole("button", { name: "Details of order #AAAAAAAA" });
    button.focus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Order #AAAAAAAA" });
    const entries = await within(within(dialog).getByRole("list")).findAllByRole("listitem");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "Placed: ReceivedBy Ada Lovelace (customer) · Nov 23, 10:40 AM PST",
      "From Received → to PreparingBy Sam Barista (staff) · Nov 23, 10:42 AM PST",
      "From Preparing → to CancelledBy a staff member (staff) · Nov 24, 12:05 AM PSTReason: “Out of oranges”",
    ]);
    expect(
      within(entries[1]!)
        .getByText(/Nov 23/)
        .closest("time"),
    ).toHaveAttribute("dateTime", "2026-11-23T18:42:30.000Z");
    expect(calls.some((call) => call.url.endsWith(`/api/staff/orders/${first.id}/history`))).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("says when the history cannot be loaded, and tries again", async () => {
    let fails = true;
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([first]),
      [`GET /api/staff/orders/${first.id}/history`]: () =>
        fails ? json({ error: { code: "internal", message: "Something went wrong." } }, 500) : json({ history }),
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(
      within(await screen.findByRole("article", { name: "#AAAAAAAA" })).getByRole("button", {
        name: "Details of order #AAAAAAAA",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Order #AAAAAAAA" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The history could not be loaded");
    fails = false;
    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findAllByRole("listitem")).toHaveLength(3);
  });
});

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
    const board = { location: ANAHEIM, orders: [first, third], done: [], unpaid: [], earlier: { count: 0 } };
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
    const board = {
      location: ANAHEIM,
      orders: [first, { ...third, acknowledged: null }],
      done: [],
      unpaid: [],
      earlier: { count: 0 },
    };
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

describe("a card's time", () => {
  it("says when a pickup is wanted, and that a delivery is one, never a pickup for a delivery", async () => {
    const at = new Date(Date.now() + 20 * 60_000).toISOString();
    const shown = formatTimeIn(new Date(at), ANAHEIM.timeZone);
    const pickup = staffOrder("cccccccc-0000-4000-8000-000000000003", {
      pickup: { mode: "slot", at, timeZone: ANAHEIM.timeZone },
    });
    const delivery = staffOrder("dddddddd-0000-4000-8000-000000000004", {
      fulfilment: "delivery",
      fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805",
      pickup: { mode: "asap", at, timeZone: ANAHEIM.timeZone },
    });
    mockApi({ "GET /api/staff/orders": () => boardAnswer([pickup, delivery]) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    expect(within(newColumn).getByRole("article", { name: "#CCCCCCCC" })).toHaveTextContent(`Pickup ${shown}`);
    const deliveryCard = within(newColumn).getByRole("article", { name: "#DDDDDDDD" });
    expect(deliveryCard).toHaveTextContent("Delivery ASAP");
    expect(deliveryCard).not.toHaveTextContent(/pickup/i);
  });
});

describe("a board in a rush", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("folds Later into a button in New's heading when its column would cost New one, and shows it on a tap", async () => {
    // A 1024 px tablet: the board's width inside its padding.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly changed: ResizeObserverCallback) {}
        observe() {
          this.changed([{ contentRect: { width: 1012 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const ahead = staffOrder("eeeeeeee-0000-4000-8000-000000000005", {
      customerName: "Bartholomew Fitzgerald-Smythe",
      pickup: { mode: "slot", at: new Date(Date.now() + 26 * 3_600_000).toISOString(), timeZone: ANAHEIM.timeZone },
      prepStartsAt: new Date(Date.now() + 25 * 3_600_000).toISOString(),
    });
    const rush = Array.from({ length: 14 }, (_, index) =>
      staffOrder(`aaaaaaaa-0000-4000-8000-${String(index).padStart(12, "0")}`),
    );
    mockApi({ "GET /api/staff/orders": () => boardAnswer([ahead, ...rush]) });
    const user = userEvent.setup();
    renderBoard();
    const newLane = await screen.findByRole("region", { name: /^New/ });
    expect(screen.queryByRole("region", { name: /^Later/ })).not.toBeInTheDocument();
    const show = within(newLane).getByRole("button", { name: "Later 1: orders for a time ahead, show them" });
    expect(show).toHaveAttribute("aria-expanded", "false");

    await user.click(show);
    const later = screen.getByRole("region", { name: /^Later/ });
    // Its ticket names the customer and the whole day and time.
    const ticket = within(later).getByRole("article", { name: "#EEEEEEEE" });
    expect(ticket).toHaveTextContent("Bartholomew Fitzgerald-Smythe");
    expect(ticket).toHaveTextContent(/Pickup \w{3}, \w{3} \d+, \d{1,2}:\d{2} [AP]M/);
    await user.click(within(later).getByRole("button", { name: "Later 1: fold away" }));
    expect(screen.queryByRole("region", { name: /^Later/ })).not.toBeInTheDocument();
  });
});
