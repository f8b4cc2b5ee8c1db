import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimeIn } from "#common/hours/format";
import type { StaffOrder } from "#common/staff-orders";
import { clockTime, mergeBoardOrder, timeSince } from "#web/features/staff-board/board-orders";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import { FakeWebSocket } from "./fake-websocket";
import { json, mockApi, renderRoutes, resetStores } from "./storefront-helpers";

const ANAHEIM = { id: "loc-anaheim", name: "Squeeze Anaheim", timeZone: "America/Los_Angeles" };

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
    fulfilment: "pickup",
    fulfilmentAddress: "512 South Brookhurst St #4, Anaheim, CA 92804",
    cancelReason: null,
    createdAt: minutesAgo(4),
    updatedAt: minutesAgo(4),
    lines: [{ name: "Sunrise Orange", size: "medium", quantity: 2, note: "Less ice" }],
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
  lines: [{ name: "Ginger Fire Shot", size: "default", quantity: 1, note: "" }],
});

function renderBoard() {
  return renderRoutes(
    [
      { path: "/staff", element: <StaffBoardPage /> },
      { path: "/", element: <h1>Shop</h1> },
    ],
    "/staff",
  );
}

function boardSocket() {
  const socket = FakeWebSocket.latest("/api/live/board");
  if (!socket) throw new Error("the board opened no live socket");
  return socket;
}

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("the order board", () => {
  it("shows the open orders in their columns with everything the counter needs", async () => {
    mockApi({ "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [second, first] }) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    const card = within(newColumn).getByRole("article", { name: "#AAAAAAAA" });
    expect(card).toHaveTextContent("Ada Lovelace");
    expect(within(card).getByRole("link", { name: "+1 (714) 555-0101" })).toHaveAttribute("href", "tel:+17145550101");
    expect(card).toHaveTextContent("2 ×");
    expect(card).toHaveTextContent("Sunrise Orange · Medium");
    expect(card).toHaveTextContent("“Less ice”");
    expect(card).toHaveTextContent(/Placed \d{1,2}:\d{2} (AM|PM) · 4 min ago/);
    expect(screen.getByText("Squeeze Anaheim")).toBeInTheDocument();
    expect(card).toHaveTextContent("Pay on pickup · $12.98");
    const preparing = screen.getByRole("region", { name: /^Preparing/ });
    expect(within(preparing).getByRole("article", { name: "#BBBBBBBB" })).toHaveTextContent("Paid · $12.98");
    expect(within(screen.getByRole("region", { name: /^Ready/ })).getByText("No orders")).toBeInTheDocument();
    expect(document.title).toBe("(1) New orders · Order board · Squeeze");
  });

  it("adds an order that arrives live, flashes it and counts it in the title, without reloading", async () => {
    const { calls } = mockApi({ "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [first] }) });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => boardSocket().serverOpen());
    expect(await screen.findByText("Live")).toBeInTheDocument();
    const reads = calls.filter((call) => call.url.endsWith("/api/staff/orders")).length;

    const arriving = staffOrder("cccccccc-0000-4000-8000-000000000003", {
      customerName: "Alan Turing",
      createdAt: new Date().toISOString(),
    });
    act(() => boardSocket().serverSend({ type: "order", order: arriving }));
    const card = await within(screen.getByRole("region", { name: /^New/ })).findByRole("article", {
      name: "#CCCCCCCC",
    });
    expect(card).toHaveClass("board-card--fresh");
    expect(document.title).toBe("(2) New orders · Order board · Squeeze");
    expect(calls.filter((call) => call.url.endsWith("/api/staff/orders"))).toHaveLength(reads);
  });

  it("moves a card on with one tap, and takes a completed one off", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [first] }),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": ({ body }) =>
        json({ order: { ...first, status: (body as { status: string }).status, updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Start preparing" }));
    const moved = await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { status: "preparing" } });
    await user.click(within(moved).getByRole("button", { name: "Mark ready" }));
    const ready = await within(screen.getByRole("region", { name: /^Ready/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    await user.click(within(ready).getByRole("button", { name: "Complete" }));
    await vi.waitFor(() => expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument());
    expect(document.title).toBe("Order board · Squeeze");
  });

  it("takes the next tap on a card the live channel moved before the API answered", async () => {
    const preparing = { ...first, status: "preparing" as const, updatedAt: minutesAgo(1) };
    let answerStartPreparing: (response: Response) => void = () => {};
    const { calls } = mockApi({
      "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [first] }),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": ({ body }) =>
        (body as { status: string }).status === "preparing"
          ? new Promise<Response>((resolve) => (answerStartPreparing = resolve))
          : json({ order: { ...first, status: "ready", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => boardSocket().serverOpen());
    await user.click(within(card).getByRole("button", { name: "Start preparing" }));

    // The change reaches the board by the live channel first; the API's answer is still on its way.
    act(() => boardSocket().serverSend({ type: "order", order: preparing }));
    const moved = await within(screen.getByRole("region", { name: /^Preparing/ })).findByRole("article", {
      name: "#AAAAAAAA",
    });
    const markReady = within(moved).getByRole("button", { name: "Mark ready" });
    expect(markReady).toBeEnabled();
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

  it("asks why before cancelling, and sends the reason", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [first] }),
      "POST /api/staff/orders/aaaaaaaa-0000-4000-8000-000000000001/status": () =>
        json({
          order: { ...first, status: "cancelled", cancelReason: "Out of oranges", updatedAt: new Date().toISOString() },
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #AAAAAAAA?" });
    expect(within(dialog).getByLabelText("Reason")).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByText("Say why the order is cancelled")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText("Reason"), "Out of oranges");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { status: "cancelled", reason: "Out of oranges" } });
    expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument();
  });

  it("says when it is offline, reconnects by itself and catches up from the API", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let orders = [first];
      const { calls } = mockApi({ "GET /api/staff/orders": () => json({ location: ANAHEIM, orders }) });
      renderBoard();
      await screen.findByRole("article", { name: "#AAAAAAAA" });
      act(() => boardSocket().serverOpen());
      expect(await screen.findByText("Live")).toBeInTheDocument();

      // The connection drops; an order comes in meanwhile.
      act(() => boardSocket().serverDrop());
      expect(await screen.findByText("Offline: reconnecting…")).toBeInTheDocument();
      orders = [first, second];
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_100);
      });
      const reconnected = boardSocket();
      act(() => reconnected.serverOpen());
      expect(await screen.findByText("Live")).toBeInTheDocument();
      expect(await screen.findByRole("article", { name: "#BBBBBBBB" })).toBeInTheDocument();
      expect(calls.filter((call) => call.url.endsWith("/api/staff/orders")).length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("tells a shopper the board is for staff, and a guest to sign in", async () => {
    mockApi({ "GET /api/staff/orders": () => json({ error: { code: "forbidden", message: "Only staff" } }, 403) });
    const { unmount } = renderBoard();
    expect(await screen.findByRole("alert")).toHaveTextContent("The order board is for the shop's staff");
    unmount();
    vi.restoreAllMocks();
    mockApi({ "GET /api/staff/orders": () => json({ error: { code: "unauthorized", message: "Sign in" } }, 401) });
    renderBoard();
    expect(await screen.findByRole("alert")).toHaveTextContent("Sign in with your staff e-mail");
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

  it("says how long ago an order was placed", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(timeSince("2026-11-23T11:59:30Z", now)).toBe("just now");
    expect(timeSince("2026-11-23T11:55:00Z", now)).toBe("5 min ago");
    expect(timeSince("2026-11-23T10:58:00Z", now)).toBe("1 h 02 min ago");
  });
});

describe("a card's time", () => {
  it("says when a pickup is wanted, and when a delivery goes out, never a pickup for a delivery", async () => {
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
    mockApi({ "GET /api/staff/orders": () => json({ location: ANAHEIM, orders: [pickup, delivery] }) });
    renderBoard();
    const newColumn = await screen.findByRole("region", { name: /^New/ });
    expect(within(newColumn).getByRole("article", { name: "#CCCCCCCC" })).toHaveTextContent(`Pickup at ${shown}`);
    const deliveryCard = within(newColumn).getByRole("article", { name: "#DDDDDDDD" });
    expect(deliveryCard).toHaveTextContent("Delivery: 1200 W Lincoln Ave, Anaheim, CA 92805");
    expect(deliveryCard).toHaveTextContent(`Delivery as soon as possible, ready around ${shown}`);
    expect(deliveryCard).not.toHaveTextContent(/pickup/i);
  });
});
