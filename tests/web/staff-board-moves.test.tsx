/** Moving cards: each waits on its own request, and the keyboard focus follows it (and stays with it when its lane restacks). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffOrder } from "#common/staff-orders";
import { json, mockApi } from "./storefront-helpers";
import { BoardLane } from "#web/features/staff-board/components/board-lane";
import { BoardTicket } from "#web/features/staff-board/components/board-ticket";
import { ANAHEIM, first, third, renderBoard, boardAnswer, resetBoard, staffOrder } from "./staff-board-helpers";

beforeEach(resetBoard);
afterEach(() => vi.restoreAllMocks());

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

describe("the keyboard focus stays on a ticket the lane restacks", () => {
  const tall = staffOrder("dddddddd-0000-4000-8000-000000000004", {
    lines: [1, 2, 3].map(() => ({ name: "Juice", size: "large" as const, quantity: 1, note: "No ice", options: [] })),
  });

  const client = new QueryClient();
  function Lane({ orders }: { orders: StaffOrder[] }) {
    return (
      <QueryClientProvider client={client}>
        <BoardLane
          status="received"
          title="New"
          orders={orders}
          columns={2}
          alerting={new Set()}
          renderTicket={(order) => (
            <BoardTicket
              order={order}
              now={Date.now()}
              thresholds={ANAHEIM.ageThresholds}
              drinkLimits={ANAHEIM.drinkLimits}
              alerting={false}
              busy={false}
              collecting={false}
              onAdvance={() => {}}
              onCollected={() => {}}
              onShowDetails={() => {}}
            />
          )}
        />
        <button type="button">Elsewhere</button>
      </QueryClientProvider>
    );
  }

  const stackOf = (name: string) => screen.getByRole("article", { name }).closest("ol");

  it("when an arriving order moves it to the other stack, on the same button", () => {
    const { rerender } = render(<Lane orders={[first, third]} />);
    const stackBefore = stackOf("#CCCCCCCC");
    within(screen.getByRole("article", { name: "#CCCCCCCC" }))
      .getByRole("button", { name: "Details of order #CCCCCCCC" })
      .focus();

    // A tall ticket takes the second stack's top, and #CCCCCCCC goes under #AAAAAAAA.
    rerender(<Lane orders={[first, tall, third]} />);
    expect(stackOf("#CCCCCCCC")).not.toBe(stackBefore);
    expect(
      within(screen.getByRole("article", { name: "#CCCCCCCC" })).getByRole("button", {
        name: "Details of order #CCCCCCCC",
      }),
    ).toHaveFocus();
  });

  it("and leaves the page's focus alone when the barista let go of the ticket before it moved", async () => {
    const { rerender } = render(<Lane orders={[first, third]} />);
    const start = within(screen.getByRole("article", { name: "#CCCCCCCC" })).getByRole("button", { name: "Start" });
    start.focus();
    // A tap on nothing: the focus goes to the page, and the ticket is still there.
    await act(async () => start.blur());
    rerender(<Lane orders={[first, tall, third]} />);
    expect(document.body).toHaveFocus();
  });

  it("and leaves the focus where the barista put it meanwhile", () => {
    const { rerender } = render(<Lane orders={[first, third]} />);
    within(screen.getByRole("article", { name: "#CCCCCCCC" }))
      .getByRole("button", { name: "Start" })
      .focus();
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    elsewhere.focus();
    rerender(<Lane orders={[first, tall, third]} />);
    expect(elsewhere).toHaveFocus();
  });
});
