import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DoneOrder, StaffOrder } from "#common/staff-orders";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import { everyChanceToReconnect, FakeWebSocket } from "./fake-websocket";
import { json, mockApi, renderRoutes, resetStores } from "./storefront-helpers";
import { staffOrder as placedTicket } from "./order-fixtures";

const ANAHEIM = {
  id: "loc-anaheim",
  name: "Squeeze Anaheim",
  timeZone: "America/Los_Angeles",
  ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
  drinkLimits: { perOrder: 40, perSlot: 12 },
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A ready ticket of one Sunrise Orange, $8.39 to collect, placed 4 minutes ago. */
const staffOrder = (id: string, overrides: Partial<StaffOrder> = {}): StaffOrder =>
  placedTicket(id, {
    status: "ready",
    totalCents: 839,
    createdAt: minutesAgo(4),
    updatedAt: minutesAgo(4),
    ...overrides,
  });
const owing = staffOrder("aaaaaaaa-0000-4000-8000-000000000001");

function board(orders: StaffOrder[], extra: { done?: DoneOrder[]; unpaid?: DoneOrder[]; earlier?: number } = {}) {
  return json({
    location: ANAHEIM,
    orders,
    done: extra.done ?? [],
    unpaid: extra.unpaid ?? [],
    earlier: { count: extra.earlier ?? 0 },
    readAt: new Date().toISOString(),
  });
}

function renderBoard() {
  return renderRoutes(
    [{ path: "/staff", element: <StaffLayout />, children: [{ index: true, element: <StaffBoardPage /> }] }],
    "/staff",
  );
}

beforeEach(() => {
  resetStores();
  useNewOrderAlerts.setState({ pending: [] });
});
afterEach(() => vi.restoreAllMocks());

/** The order paid at the counter, then cancelled: $12.06 to give back. */
const cancelledPaidAtCounter = () =>
  staffOrder(owing.id, {
    status: "cancelled",
    paymentState: "paid_at_counter",
    totalCents: 1206,
    cancelReason: "Out of oranges",
  });

describe("money at the counter on the board", () => {
  it("asks 'Collected $8.39?' on Done; Not paid hands it over unpaid and lists it under Unpaid", async () => {
    const { calls } = mockApi({
      "GET /api/staff/orders": () => board([owing]),
      [`POST /api/staff/orders/${owing.id}/status`]: ({ body }) =>
        json({
          order: { ...owing, status: "completed", paymentState: "not_collected", updatedAt: new Date().toISOString() },
          sent: body,
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    await user.click(within(card).getByRole("button", { name: "Done" }));
    const question = await screen.findByRole("dialog", { name: "Collected $8.39?" });
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    await user.click(within(question).getByRole("button", { name: "Not paid" }));
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { status: "completed", payment: "not_collected" } });
    await vi.waitFor(() => expect(screen.queryByRole("article", { name: "#AAAAAAAA" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Unpaid 1" }));
    const unpaid = await screen.findByRole("dialog", { name: "Unpaid today · $8.39" });
    expect(within(unpaid).getByRole("button", { name: "Collected $8.39: order #AAAAAAAA" })).toBeInTheDocument();
  });

  it("prompts 'Give back $12.06' for a cancelled order paid at the counter, and one tap records it", async () => {
    const cancelled = cancelledPaidAtCounter();
    const { calls } = mockApi({
      "GET /api/staff/orders": () => board([cancelled]),
      [`POST /api/staff/orders/${owing.id}/given-back`]: () =>
        json({ order: { ...cancelled, paymentState: "given_back", updatedAt: new Date().toISOString() } }),
    });
    const user = userEvent.setup();
    renderBoard();
    const row = await screen.findByRole("region", { name: /Give back at the counter/ });
    await user.click(
      within(row).getByRole("button", { name: "Give back $12.06: order #AAAAAAAA, tap once it is given" }),
    );
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: expect.stringContaining("/given-back") });
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: /Give back/ })).not.toBeInTheDocument());
  });

  it("keeps a give-back when a read of the board that began before it answers after it", async () => {
    const cancelled = cancelledPaidAtCounter();
    let reads = 0;
    let givenBack = false;
    let answerReads = () => {};
    const readsHeld = new Promise<void>((resolve) => (answerReads = resolve));
    mockApi({
      // The first read answers at once; later ones wait, each answering as things stood when it began.
      "GET /api/staff/orders": async () => {
        reads += 1;
        if (reads === 1) return board([cancelled]);
        const began = givenBack;
        await readsHeld;
        return board(began ? [] : [cancelled]);
      },
      [`POST /api/staff/orders/${owing.id}/given-back`]: () => {
        givenBack = true;
        return json({ order: { ...cancelled, paymentState: "given_back", updatedAt: new Date().toISOString() } });
      },
    });
    const user = userEvent.setup();
    renderBoard();
    const row = await screen.findByRole("region", { name: /Give back at the counter/ });
    // The live channel opens: the board is read again, slowly, while the barista taps.
    act(() => FakeWebSocket.latest("/api/live/board")!.serverOpen());
    await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    await user.click(
      within(row).getByRole("button", { name: "Give back $12.06: order #AAAAAAAA, tap once it is given" }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("region", { name: /Give back/ })).not.toBeInTheDocument());

    answerReads();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole("region", { name: /Give back/ })).not.toBeInTheDocument();
  });

  it("shows a refund made from Stripe's dashboard on a started ticket in words, and a partial one as its amount", async () => {
    const refunded = staffOrder(owing.id, {
      status: "preparing",
      paymentMode: "stripe",
      paymentState: "refunded",
      refundedCents: 839,
    });
    const partly = staffOrder("bbbbbbbb-0000-4000-8000-000000000002", {
      status: "received",
      paymentMode: "stripe",
      paymentState: "paid",
      refundedCents: 250,
    });
    mockApi({ "GET /api/staff/orders": () => board([refunded, partly]) });
    renderBoard();
    const card = await screen.findByRole("article", { name: "#AAAAAAAA" });
    expect(card).toHaveClass("board-card--refunded");
    expect(card).toHaveTextContent("Refunded from Stripe: stop making it, or cancel it.");
    expect(screen.getByRole("article", { name: "#BBBBBBBB" })).toHaveTextContent("Refunded $2.50 of $8.39");
  });

  it("keeps earlier days' orders apart as 'From earlier · 12', read only when opened, and closes them with one action", async () => {
    let earlier = 12;
    const yesterday = staffOrder("cccccccc-0000-4000-8000-000000000003", {
      status: "received",
      createdAt: new Date(Date.now() - 30 * 3600_000).toISOString(),
    });
    const { calls } = mockApi({
      "GET /api/staff/orders": () => board([], { earlier }),
      "GET /api/staff/orders/earlier": () => json({ orders: [yesterday], total: 12, nextOffset: null }),
      "POST /api/staff/orders/earlier/close": () => {
        earlier = 0;
        return json({ closed: { completed: 4, cancelled: 8 } });
      },
    });
    const user = userEvent.setup();
    renderBoard();
    const open = await screen.findByRole("button", { name: "From earlier · 12" });
    expect(calls.some((call) => call.url.includes("/earlier"))).toBe(false);
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "From earlier days · 12" });
    expect(await within(dialog).findByText("#CCCCCCCC")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close all 12" }));
    expect(await screen.findByText("Closed 4 completed and 8 cancelled from earlier days.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /From earlier/ })).not.toBeInTheDocument();
  });
});

describe("a session that ends while the board is offline", () => {
  it("is recognised when the reconnection is refused: the page asks who it is and says Signed out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let orders = () => board([owing]);
    let signedIn = true;
    const { calls } = mockApi({
      "GET /api/staff/orders": () => orders(),
      "GET /api/me": () =>
        json(
          signedIn
            ? { uid: "u1", username: "Barista", email: "b@example.com", phone: "", isAuthenticated: true, staff: {} }
            : { uid: "", username: "", email: "", phone: "", isAuthenticated: false, staff: null },
        ),
    });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => FakeWebSocket.latest("/api/live/board")!.serverOpen());
    // The Wi-Fi drops; meanwhile the session expires.
    act(() => FakeWebSocket.latest("/api/live/board")!.serverDrop());
    signedIn = false;
    orders = () => json({ error: { code: "unauthorized", message: "Sign in" } }, 401);
    // Back online: the handshake is refused (a 401 the browser reports as a failed connection).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    act(() => FakeWebSocket.latest("/api/live/board")!.serverDrop());
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading")).toHaveTextContent("Signed out — sign in again");
    expect(calls.some((call) => call.url.endsWith("/api/me"))).toBe(true);
    const opened = FakeWebSocket.instances.length;
    await everyChanceToReconnect();
    expect(FakeWebSocket.instances).toHaveLength(opened);
    vi.useRealTimers();
  });

  it("keeps retrying while the session is still good", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      "GET /api/staff/orders": () => board([owing]),
      "GET /api/me": () =>
        json({ uid: "u1", username: "Barista", email: "b@example.com", phone: "", isAuthenticated: true, staff: {} }),
    });
    renderBoard();
    await screen.findByRole("article", { name: "#AAAAAAAA" });
    act(() => FakeWebSocket.latest("/api/live/board")!.serverDrop());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    act(() => FakeWebSocket.latest("/api/live/board")!.serverDrop());
    const before = FakeWebSocket.instances.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(FakeWebSocket.instances.length).toBeGreaterThan(before);
    expect(screen.queryByText("Signed out — sign in again")).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
