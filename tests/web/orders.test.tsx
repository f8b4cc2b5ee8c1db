import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderAgainResponse } from "#common/order-again";
import type { ShopStatus } from "#common/availability";
import type { Order } from "#common/orders";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { cartLineId, useCartStore } from "#web/lib/cart-store";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import OrdersPage from "#web/features/orders/orders-page";
import { SIGNED_OUT_TOAST } from "#web/features/orders/use-live-order-progress";
import { useSessionStore } from "#web/lib/session-store";
import { everyChanceToReconnect, FakeWebSocket } from "./fake-websocket";
import OrderPage from "#web/features/orders/order-page";
import { deviceClockIn, json, mockApi, renderRoutes, resetStores, signInAs } from "./storefront-helpers";
import { shopperOrder } from "./order-fixtures";

const paidOrder: Order = shopperOrder({
  id: "a1b2c3d4-0000-4000-8000-000000000002",
  status: "ready",
  paymentMode: "stripe",
  paymentState: "paid",
  totalCents: 1647,
  createdAt: "2025-06-02T12:00:00.000Z",
  updatedAt: "2025-06-02T12:10:00.000Z",
  lines: [
    {
      productId: "prd-sunrise-orange",
      name: "Sunrise Orange",
      image: "",
      size: "medium",
      unitPriceCents: 649,
      quantity: 2,
      note: "less ice",
      subtotalCents: 1298,
      options: [],
    },
    {
      productId: "prd-ginger-shot",
      name: "Ginger Fire Shot",
      image: "",
      size: "default",
      unitPriceCents: 349,
      quantity: 1,
      note: "",
      subtotalCents: 349,
      options: [],
    },
  ],
});
const placedOrder: Order = shopperOrder({
  id: "ffeeddcc-0000-4000-8000-000000000001",
  status: "completed",
  totalCents: 699,
  createdAt: "2025-06-01T09:00:00.000Z",
  updatedAt: "2025-06-01T09:20:00.000Z",
  itemCount: 1,
  lines: [
    {
      productId: "prd-charcoal-lemonade",
      name: "Charcoal Lemon",
      image: "",
      size: "default",
      unitPriceCents: 699,
      quantity: 1,
      note: "",
      subtotalCents: 699,
      options: [],
    },
  ],
});

function renderOrders() {
  return renderRoutes(
    [
      { path: "/orders", element: <OrdersPage /> },
      { path: "/menu", element: <h1>Menu</h1> },
    ],
    "/orders",
  );
}

beforeEach(resetStores);
afterEach(() => {
  vi.restoreAllMocks();
  useShopStatus.setState({ status: null, fetchedAt: null });
});

describe("My orders page", () => {
  it("asks a guest to sign in and loads nothing", async () => {
    const { spy } = mockApi({});
    const user = userEvent.setup();
    renderOrders();
    expect(screen.getByRole("heading", { name: "My orders" })).toBeInTheDocument();
    expect(screen.getByText("Sign in to see your orders.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(useAuthModalStore.getState().isOpen).toBe(true);
    expect(spy.mock.calls.filter(([input]) => String(input).includes("/api/orders"))).toHaveLength(0);
  });

  it("shows each order newest first with its date, status, lines and total", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [paidOrder, placedOrder], nextCursor: null }) });
    renderOrders();

    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(within(first!).getByRole("heading", { name: "Order #A1B2C3D4" })).toBeInTheDocument();
    expect(within(first!).getByText("Paid")).toBeInTheDocument();
    expect(within(first!).getByText("Sunrise Orange")).toBeInTheDocument();
    expect(within(first!).getByText(/Medium · 2 × \$6\.49/)).toBeInTheDocument();
    expect(within(first!).getByText("“less ice”")).toBeInTheDocument();
    expect(within(first!).getByText("$12.98")).toBeInTheDocument();
    expect(within(first!).getByText("$16.47")).toBeInTheDocument();
    expect(within(first!).getByText("Total (3 drinks)")).toBeInTheDocument();
    expect(within(first!).getByText(/Jun 2, 2025/)).toHaveAttribute("dateTime", paidOrder.createdAt);

    expect(within(second!).getByText("Pay on pickup")).toBeInTheDocument();
    expect(within(second!).getByText("Total (1 drink)")).toBeInTheDocument();
  });

  it("says when an open order is expected: a pickup's time, a delivery's window, never a pickup for a delivery", async () => {
    deviceClockIn("America/Los_Angeles");
    signInAs();
    const readyAt = "2025-06-02T19:30:00.000Z"; // 12:30 PM in Anaheim
    const pickupOrder: Order = {
      ...paidOrder,
      status: "preparing",
      pickup: { mode: "slot", at: readyAt, timeZone: "America/Los_Angeles" },
    };
    const deliveryOrder: Order = {
      ...paidOrder,
      id: "d1d2d3d4-0000-4000-8000-000000000003",
      status: "preparing",
      fulfilment: "delivery",
      fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805",
      deliveryFeeCents: 399,
      tipCents: 0,
      pickup: { mode: "asap", at: readyAt, timeZone: "America/Los_Angeles" },
    };
    const pastOrder: Order = { ...placedOrder, pickup: { mode: "asap", at: readyAt, timeZone: "America/Los_Angeles" } };
    mockApi({
      "GET /api/orders": () => json({ orders: [deliveryOrder, pickupOrder, pastOrder], nextCursor: null }),
    });
    renderOrders();

    const [delivery, pickup, past] = await screen.findAllByRole("article");
    expect(within(delivery!).getByTestId("order-fulfilment")).toHaveTextContent(
      "Delivery to 1200 W Lincoln Ave, Anaheim, CA 92805",
    );
    expect(within(delivery!).getByTestId("order-time")).toHaveTextContent(
      "Delivery: Within 60-90 minutes (leaves the shop around 12:30 PM)",
    );
    expect(within(delivery!).queryByText(/pickup/i)).not.toBeInTheDocument();
    expect(within(pickup!).getByTestId("order-time")).toHaveTextContent("Pickup: 12:30 PM");
    // Collected already: no time to wait for.
    expect(within(past!).queryByTestId("order-time")).not.toBeInTheDocument();
  });

  describe("every time on the shop's clock", () => {
    /** Placed Thursday Nov 26, 2026 at 11:50 PM in Anaheim for Friday 9:00 AM; ready at 8:57 AM. */
    const aheadOrder: Order = {
      ...paidOrder,
      status: "preparing",
      createdAt: "2026-11-27T07:50:00.000Z",
      updatedAt: "2026-11-27T16:57:00.000Z",
      pickup: { mode: "slot", at: "2026-11-27T17:00:00.000Z", timeZone: "America/Los_Angeles" },
    };

    it("at home in Anaheim, says the times as they are, without naming the clock", async () => {
      deviceClockIn("America/Los_Angeles");
      signInAs();
      mockApi({ "GET /api/orders": () => json({ orders: [aheadOrder], nextCursor: null }) });
      renderOrders();
      const card = await screen.findByRole("article");
      expect(within(card).getByTestId("order-placed")).toHaveTextContent(/^Placed Nov 26, 2026, 11:50 PM$/);
      expect(within(card).getByTestId("order-time")).toHaveTextContent(/^Pickup: Fri, Nov 27, 9:00 AM$/);
    });

    it("on a device in New York, writes the shop's times and says whose clock they are on, the placed time too", async () => {
      deviceClockIn("America/New_York");
      signInAs();
      mockApi({ "GET /api/orders": () => json({ orders: [aheadOrder], nextCursor: null }) });
      renderOrders();
      const card = await screen.findByRole("article");
      // Not 2:50 AM on Nov 27, the device's clock: the same clock as the pickup time below it.
      expect(within(card).getByTestId("order-placed")).toHaveTextContent(
        /^Placed Nov 26, 2026, 11:50 PM Pacific Time$/,
      );
      expect(within(card).getByTestId("order-time")).toHaveTextContent(/^Pickup: Fri, Nov 27, 9:00 AM Pacific Time$/);
    });

    it("on the order page too, once the order is ready", async () => {
      deviceClockIn("Asia/Tokyo");
      signInAs();
      mockApi({
        [`GET /api/orders/${aheadOrder.id}`]: () => json({ order: { ...aheadOrder, status: "ready" } }),
      });
      renderRoutes([{ path: "/orders/:id", element: <OrderPage /> }], `/orders/${aheadOrder.id}`);
      const card = await screen.findByRole("article");
      expect(within(card).getByTestId("order-placed")).toHaveTextContent("Placed Nov 26, 2026, 11:50 PM Pacific Time");
      expect(within(card).getByTestId("order-time")).toHaveTextContent(/^Pickup: Ready since 8:57 AM Pacific Time$/);
    });

    it("an order from before pickup times goes by the shop's clock as the page knows it", async () => {
      deviceClockIn("Europe/London");
      signInAs();
      mockApi({
        "GET /api/orders": () =>
          json({ orders: [{ ...placedOrder, createdAt: "2026-11-27T07:50:00.000Z" }], nextCursor: null }),
        "GET /api/store": () => json({ timeZone: "America/Los_Angeles" }),
      });
      useShopStatus.setState({ status: { timeZone: "America/Los_Angeles" } as ShopStatus, fetchedAt: Date.now() });
      renderOrders();
      const card = await screen.findByRole("article");
      expect(within(card).getByTestId("order-placed")).toHaveTextContent("Placed Nov 26, 2026, 11:50 PM Pacific Time");
    });
  });

  it("has an empty state that leads to the menu", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [], nextCursor: null }) });
    renderOrders();
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the menu" })).toHaveAttribute("href", "/menu");
  });

  it("shows no Load more button when the history fits in one page", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [paidOrder, placedOrder], nextCursor: null }) });
    renderOrders();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads older orders a page at a time with Load more, each page after the last one's cursor", async () => {
    signInAs();
    /** 45 orders, newest first, served 20 at a time like the API does. */
    const history: Order[] = Array.from({ length: 45 }, (_, index) => ({
      ...placedOrder,
      id: `${String(index).padStart(8, "0")}-0000-4000-8000-000000000000`,
      createdAt: new Date(Date.UTC(2025, 5, 30) - index * 3_600_000).toISOString(),
    }));
    const cursors: Array<string | null> = [];
    const { calls } = mockApi({
      "GET /api/orders": ({ url }) => {
        const cursor = new URL(url, "http://localhost").searchParams.get("cursor");
        cursors.push(cursor);
        const start = cursor ? Number(cursor.replace("after-", "")) : 0;
        const end = Math.min(start + 20, history.length);
        return json({ orders: history.slice(start, end), nextCursor: end < history.length ? `after-${end}` : null });
      },
    });
    const user = userEvent.setup();
    renderOrders();

    expect(await screen.findAllByRole("article")).toHaveLength(20);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(40));
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(45));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    expect(cursors).toEqual([null, "after-20", "after-40"]);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(history.map((order) => `Order #${order.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`));
    expect(calls.filter((call) => call.url.includes("/api/orders"))).toHaveLength(3);
  });

  it("keeps the orders shown when loading more fails, says so, and can try again", async () => {
    signInAs();
    let failNext = true;
    mockApi({
      "GET /api/orders": ({ url }) => {
        if (!new URL(url, "http://localhost").searchParams.get("cursor")) {
          return json({ orders: [paidOrder], nextCursor: "page-2" });
        }
        if (failNext) {
          failNext = false;
          return json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500);
        }
        return json({ orders: [placedOrder], nextCursor: null });
      },
    });
    const user = userEvent.setup();
    renderOrders();
    expect(await screen.findAllByRole("article")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Error: Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(screen.queryByText(/Error:/)).not.toBeInTheDocument();
  });

  it("says what went wrong when the orders cannot be loaded", async () => {
    signInAs();
    mockApi({
      "GET /api/orders": () =>
        json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500),
    });
    renderOrders();
    expect(await screen.findByText("Error: Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Order again", () => {
  it("fills the cart at today's prices, opens it, and says what was left out and what costs more", async () => {
    signInAs();
    useCartStore.setState({ items: [], isOpen: false });
    const { calls } = mockApi({
      "GET /api/orders": () => json({ orders: [paidOrder], nextCursor: null }),
      [`GET /api/orders/${paidOrder.id}/again`]: () =>
        json({
          lines: [
            {
              productId: "prd-sunrise-orange",
              categoryId: "cat-fresh-juices",
              name: "Sunrise Orange",
              image: "/images/drinks/sunrise-orange.svg",
              size: "medium",
              quantity: 2,
              note: "less ice",
              modifierIds: ["opt-ice-regular", "opt-boost-protein"],
              options: [
                { id: "opt-ice-regular", name: "Regular ice", priceCents: 0, isDefault: true },
                { id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false },
              ],
              unitPriceCents: 749,
              previousUnitPriceCents: 649,
            },
          ],
          leftOut: [{ name: "Ginger Fire Shot", size: "default", reason: "sold_out" }],
        } satisfies OrderAgainResponse),
    });
    const user = userEvent.setup();
    renderOrders();
    await user.click(await screen.findByRole("button", { name: "Order again" }));

    const outcome = await screen.findByTestId("order-again-outcome");
    await waitFor(() => expect(outcome).toHaveTextContent("Added 2 drinks to your cart at today's prices."));
    expect(outcome).toHaveTextContent("Left out: Ginger Fire Shot: sold out today.");
    expect(outcome).toHaveTextContent("Sunrise Orange (Medium) with Protein is $7.49 now (was $6.49).");
    expect(outcome).toHaveAttribute("role", "status");
    const { items, isOpen } = useCartStore.getState();
    expect(isOpen).toBe(true);
    expect(items).toEqual([
      expect.objectContaining({
        id: `${cartLineId("Sunrise Orange", "medium", "less ice")} + opt-boost-protein`,
        productId: "prd-sunrise-orange",
        size: "medium",
        quantity: 2,
        comment: "less ice",
        priceCents: 749,
        options: [
          { id: "opt-ice-regular", name: "Regular ice", priceCents: 0, isDefault: true },
          { id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false },
        ],
      }),
    ]);
    expect(calls.filter((call) => call.url.endsWith("/again"))).toHaveLength(1);
  });

  it("says when none of the drinks can be ordered today, and leaves the cart as it was", async () => {
    signInAs();
    useCartStore.setState({ items: [], isOpen: false });
    mockApi({
      "GET /api/orders": () => json({ orders: [paidOrder], nextCursor: null }),
      [`GET /api/orders/${paidOrder.id}/again`]: () =>
        json({
          lines: [],
          leftOut: [
            { name: "Sunrise Orange", size: "medium", reason: "not_on_menu" },
            { name: "Ginger Fire Shot", size: "default", reason: "size_not_sold" },
            { name: "Berry Blast", size: "small", reason: "sold_out", option: "Oat milk" },
            { name: "Mango Tango", size: "large", reason: "option_gone", option: "Collagen" },
          ],
        } satisfies OrderAgainResponse),
    });
    const user = userEvent.setup();
    renderOrders();
    await user.click(await screen.findByRole("button", { name: "Order again" }));
    const outcome = await screen.findByTestId("order-again-outcome");
    await waitFor(() => expect(outcome).toHaveTextContent("None of these drinks can be ordered today."));
    expect(outcome).toHaveTextContent("Left out: Sunrise Orange (Medium): no longer on the menu.");
    expect(outcome).toHaveTextContent("Left out: Berry Blast (Small): Oat milk is sold out today.");
    expect(outcome).toHaveTextContent("Left out: Mango Tango (Large): Collagen is no longer offered.");
    expect(useCartStore.getState()).toMatchObject({ items: [], isOpen: false });
  });
});

describe("an order becoming ready", () => {
  const preparing: Order = {
    ...paidOrder,
    status: "preparing",
    pickup: { mode: "slot", at: "2025-06-02T19:30:00.000Z", timeZone: "America/Los_Angeles" },
  };

  async function becomeReady(order: Order, updatedAt: string) {
    const socket = FakeWebSocket.latest("/api/live/orders")!;
    act(() => socket.serverOpen());
    await act(async () => {});
    act(() =>
      socket.serverSend({
        type: "progress",
        order: { id: order.id, status: "ready", paymentState: order.paymentState, cancelReason: null, updatedAt },
      }),
    );
  }

  it("shows a banner, says since when, changes the tab's title and vibrates, once", async () => {
    signInAs();
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { value: vibrate, configurable: true });
    mockApi({ "GET /api/orders": () => json({ orders: [preparing], nextCursor: null }) });
    renderOrders();
    const card = await screen.findByRole("article");
    expect(within(card).getByTestId("order-time")).toHaveTextContent("Pickup: 12:30 PM");
    expect(screen.queryByTestId("order-ready")).not.toBeInTheDocument();
    const ownTitle = document.title;
    expect(ownTitle).not.toMatch(/Ready/);

    await becomeReady(preparing, "2025-06-02T19:27:00.000Z");
    expect(await within(card).findByTestId("order-ready")).toHaveTextContent(
      "Ready for pickup at 512 South Brookhurst St #4, Anaheim, CA 92804",
    );
    expect(within(card).getByTestId("order-time")).toHaveTextContent("Pickup: Ready since 12:27 PM");
    expect(document.title).toBe("Ready: order #A1B2C3D4 · Squeeze");
    expect(vibrate).toHaveBeenCalledTimes(1);

    // Collected: the banner goes, and so does the title's news.
    const socket = FakeWebSocket.latest("/api/live/orders")!;
    act(() =>
      socket.serverSend({
        type: "progress",
        order: {
          id: preparing.id,
          status: "completed",
          paymentState: "paid",
          cancelReason: null,
          updatedAt: "2025-06-02T19:40:00.000Z",
        },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId("order-ready")).not.toBeInTheDocument());
    expect(document.title).toBe(ownTitle);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it("does not vibrate for an order that was ready before the page opened", async () => {
    signInAs();
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { value: vibrate, configurable: true });
    mockApi({ "GET /api/orders": () => json({ orders: [paidOrder], nextCursor: null }) });
    renderOrders();
    expect(await screen.findByTestId("order-ready")).toBeInTheDocument();
    expect(document.title).toBe("Ready: order #A1B2C3D4 · Squeeze");
    expect(vibrate).not.toHaveBeenCalled();
  });

  it("reads as a delivery's progress: Received, Preparing, On its way, Delivered", async () => {
    signInAs();
    const delivery: Order = {
      ...preparing,
      fulfilment: "delivery",
      fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805",
      deliveryFeeCents: 399,
    };
    mockApi({ "GET /api/orders": () => json({ orders: [delivery], nextCursor: null }) });
    renderOrders();
    const card = await screen.findByRole("article");
    expect([...card.querySelectorAll(".order-progress__label")].map((step) => step.textContent)).toEqual([
      "Received",
      "Preparing",
      "On its way",
      "Delivered",
    ]);
    await becomeReady(delivery, "2025-06-02T19:27:00.000Z");
    expect(await within(card).findByRole("status", { name: "Progress of this order: On its way" })).toBeInTheDocument();
    expect(within(card).getByTestId("order-ready")).toHaveTextContent(
      "On its way to 1200 W Lincoln Ave, Anaheim, CA 92805",
    );
    expect(within(card).getByTestId("order-time")).toHaveTextContent("Delivery: On its way since 12:27 PM");
    expect(document.title).toBe("On its way: order #A1B2C3D4 · Squeeze");
  });
});

describe("the progress line", () => {
  it("moves by itself when the shop changes the order, and shows a cancellation's reason", async () => {
    signInAs();
    const { calls } = mockApi({
      "GET /api/orders": () => json({ orders: [paidOrder, placedOrder], nextCursor: null }),
    });
    renderOrders();
    const [first] = await screen.findAllByRole("article");
    expect(within(first!).getByRole("status", { name: "Progress of this order: Ready" })).toBeInTheDocument();
    expect(first!.querySelector('[aria-current="step"]')).toHaveTextContent("Ready");

    // Connected: the page reads its orders again (what it may have missed), then follows the messages.
    const socket = FakeWebSocket.latest("/api/live/orders")!;
    act(() => socket.serverOpen());
    await vi.waitFor(() => expect(calls.filter((call) => call.url.endsWith("/api/orders"))).toHaveLength(2));
    await act(async () => {});
    act(() =>
      socket.serverSend({
        type: "progress",
        order: {
          id: paidOrder.id,
          status: "completed",
          paymentState: "paid",
          cancelReason: null,
          updatedAt: "2025-06-02T12:20:00.000Z",
        },
      }),
    );
    expect(
      await within(first!).findByRole("status", { name: "Progress of this order: Completed" }),
    ).toBeInTheDocument();

    // An older message never undoes a newer state.
    act(() =>
      socket.serverSend({
        type: "progress",
        order: {
          id: paidOrder.id,
          status: "preparing",
          paymentState: "paid",
          cancelReason: null,
          updatedAt: "2025-06-02T12:05:00.000Z",
        },
      }),
    );
    expect(within(first!).getByRole("status", { name: "Progress of this order: Completed" })).toBeInTheDocument();

    act(() =>
      socket.serverSend({
        type: "progress",
        order: {
          id: placedOrder.id,
          status: "cancelled",
          paymentState: "not_required",
          cancelReason: "Closed for a leak",
          updatedAt: "2025-06-02T13:00:00.000Z",
        },
      }),
    );
    const second = screen.getAllByRole("article")[1]!;
    expect(await within(second).findByRole("status", { name: "Progress of this order: Cancelled" })).toHaveTextContent(
      "Cancelled · Closed for a leak",
    );
  });
});

describe("a session that ends while the page listens", () => {
  /** A signed-in shopper's orders page, its live socket open (with fake timers). */
  async function followingOrders() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [paidOrder], nextCursor: null }) });
    renderOrders();
    await screen.findAllByRole("article");
    const socket = FakeWebSocket.latest("/api/live/orders")!;
    act(() => socket.serverOpen());
    return socket;
  }
  afterEach(() => vi.useRealTimers());

  it("stops listening, forgets the session and asks to sign in again, instead of reconnecting", async () => {
    const socket = await followingOrders();
    const opened = FakeWebSocket.instances.length;

    act(() => socket.serverEndSession());
    expect(await screen.findByText("Sign in to see your orders.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(useSessionStore.getState().user.isAuthenticated).toBe(false);
    expect(await screen.findByText(SIGNED_OUT_TOAST)).toBeInTheDocument();

    await everyChanceToReconnect();
    expect(FakeWebSocket.instances).toHaveLength(opened);
  });

  it("keeps reconnecting after an ordinary drop", async () => {
    const socket = await followingOrders();
    act(() => socket.serverDrop());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(FakeWebSocket.latest("/api/live/orders")).not.toBe(socket);
    expect(useSessionStore.getState().user.isAuthenticated).toBe(true);
  });
});
