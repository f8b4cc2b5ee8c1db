/** No order goes unnoticed: the new-order alerts, the sound and the live connection. */
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffOrder } from "#common/staff-orders";
import { FakeAudioContext } from "./fake-audio";
import { FakeWebSocket } from "./fake-websocket";
import { json, mockApi } from "./storefront-helpers";
import {
  ANAHEIM,
  staffOrder,
  first,
  renderBoard,
  boardAnswer,
  boardSocket,
  resetBoard,
  fakeBoardTimers,
} from "./staff-board-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

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
    fakeBoardTimers();
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
    fakeBoardTimers();
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
    fakeBoardTimers();
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
    fakeBoardTimers();
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
