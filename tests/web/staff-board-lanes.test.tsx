/** The order board's lanes and tickets: what each shows, how a ticket moves on, and a board in a rush. */
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimeIn } from "#common/hours/format";
import { json, mockApi } from "./storefront-helpers";
import {
  ANAHEIM,
  minutesAgo,
  staffOrder,
  first,
  second,
  renderBoard,
  boardAnswer,
  boardSocket,
  resetBoard,
} from "./staff-board-helpers";

beforeEach(resetBoard);
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
    // Its time, after the day when it falls after the shop's midnight (a run late in the evening).
    const laterTime = formatTimeIn(new Date(later.pickup!.at), ANAHEIM.timeZone);
    expect(laterTicket.textContent).toMatch(new RegExp(`Pickup (\\w{3}, \\w{3} \\d{1,2}, )?${laterTime}`));
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
    // The time, after its day when it falls after the shop's midnight (a run late in the evening).
    expect(within(newColumn).getByRole("article", { name: "#CCCCCCCC" }).textContent).toMatch(
      new RegExp(`Pickup (\\w{3}, \\w{3} \\d{1,2}, )?${shown}`),
    );
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
