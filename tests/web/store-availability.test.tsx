import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PickupDay, ShopStatus } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import type { ModifierGroup } from "#common/modifiers";
import type { CartItem } from "#web/lib/cart-store";
import { useCartStore } from "#web/lib/cart-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
import ProductPage from "#web/features/product/product-page";
import { PickupPicker } from "#web/features/checkout/pickup-picker";
import { ProductCard } from "#web/features/menu/components/product-card";
import { ShopBanner } from "#web/shared-features/shop-status/shop-banner";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { WeeklyHours } from "#web/shared-features/shop-status/weekly-hours";
import { MemoryRouter } from "react-router";
import {
  charcoalLemon,
  deviceClockIn,
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signInAs,
  signedInUser,
  sunriseOrange,
} from "./storefront-helpers";

const LA = "America/Los_Angeles";

/** The shop at noon on a Tuesday in Anaheim, open and taking orders. */
function storeStatus(overrides: Partial<ShopStatus> = {}): ShopStatus {
  const pickupSlots = overrides.pickupSlots ?? [
    { startsAt: "2026-03-10T19:15:00.000Z", full: false, drinksLeft: 12 },
    { startsAt: "2026-03-10T19:30:00.000Z", full: true, drinksLeft: 12 },
    { startsAt: "2026-03-10T19:45:00.000Z", full: false, drinksLeft: 12 },
  ];
  return {
    locationId: "loc-anaheim",
    locationName: "Squeeze Anaheim",
    timeZone: LA,
    open: true,
    acceptingOrders: true,
    reason: null,
    opensAt: "2026-03-11T14:00:00.000Z",
    closesAt: "2026-03-11T02:00:00.000Z",
    pausedUntil: null,
    soldOut: [],
    soldOutOptions: [],
    asapReadyAt: "2026-03-10T19:12:00.000Z",
    pickupSlots,
    drinkLimits: { perOrder: 40, perSlot: 12 },
    phone: "+1 714 215 4499",
    weeklyHours: [
      { weekday: 1, opens: "07:00", closes: "19:00" },
      { weekday: 6, opens: "08:00", closes: "20:00" },
    ],
    hoursExceptions: [],
    now: "2026-03-10T19:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/pickup-days as the worker answers beside a status: today's slots only, none while paused. */
function daysOf(status: ShopStatus): PickupDay[] {
  return status.reason !== "paused" && status.pickupSlots.length > 0
    ? [{ date: "2026-03-10", slots: status.pickupSlots }]
    : [];
}

function serveStore(status: ShopStatus, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/store": () => json(status),
    "GET /api/pickup-days": () => json({ pickupDays: daysOf(status) }),
    ...extra,
  });
}

beforeEach(() => {
  resetStores();
  useShopStatus.setState({ status: null, fetchedAt: null });
});

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the store banner", () => {
  it("stays out of the way while the shop takes orders", async () => {
    const { spy } = serveStore(storeStatus());
    render(<ShopBanner />);
    await vi.waitFor(() => expect(spy).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.getByRole("status", { hidden: true })).not.toBeVisible();
  });

  it("says when a closed shop opens, on the shop's clock", async () => {
    deviceClockIn(LA);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-11T12:00:00.000Z")); // 5:00 a.m. in Anaheim
    serveStore(
      storeStatus({ open: false, acceptingOrders: false, reason: "closed", asapReadyAt: null, pickupSlots: [] }),
    );
    render(<ShopBanner />);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Closed now · opens today at 7:00 AM. You can order now for a pickup time ahead.",
    );
  });

  it("offers only the menu while closed with no opening in the days ahead, or while paused", async () => {
    deviceClockIn(LA);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-11T12:00:00.000Z"));
    let current = storeStatus({
      open: false,
      acceptingOrders: false,
      reason: "closed",
      opensAt: null,
      asapReadyAt: null,
      pickupSlots: [],
    });
    mockApi({ "GET /api/store": () => json(current) });
    render(<ShopBanner />);
    expect(await screen.findByRole("status")).toHaveTextContent("Closed now. You can still browse the menu.");

    current = storeStatus({ acceptingOrders: false, reason: "paused", pausedUntil: "2026-03-11T13:00:00.000Z" });
    await act(() => useShopStatus.getState().refresh());
    expect(screen.getByRole("status")).toHaveTextContent(
      /^Online ordering is paused, back at 6:00 AM\. You can still browse the menu\.$/,
    );
  });

  it("says when paused ordering comes back, and follows the shop when it resumes", async () => {
    const paused = storeStatus({ acceptingOrders: false, reason: "paused", pausedUntil: "2026-03-10T21:30:00.000Z" });
    let current = paused;
    mockApi({ "GET /api/store": () => json(current) });
    render(<ShopBanner />);
    expect(await screen.findByRole("status")).toHaveTextContent("Online ordering is paused, back at 2:30 PM");

    current = storeStatus();
    await act(() => useShopStatus.getState().refresh());
    expect(screen.getByRole("status", { hidden: true })).not.toBeVisible();
  });

  it("asks again every 15 seconds while the page is open", async () => {
    vi.useFakeTimers();
    const { spy } = serveStore(storeStatus());
    render(<ShopBanner />);
    await act(async () => undefined);
    const before = spy.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(spy.mock.calls.length).toBe(before + 1);
  });
});

describe("the week's hours", () => {
  it("lists the coming days with other hours under the week, with the shop's note", () => {
    useShopStatus.setState({
      status: storeStatus({
        hoursExceptions: [
          { date: "2026-11-26", intervals: [], note: "Thanksgiving Day" },
          { date: "2026-12-24", intervals: [{ opens: "08:00", closes: "14:00" }], note: "Christmas Eve" },
        ],
      }),
    });
    render(<WeeklyHours />);
    const list = screen.getByRole("list", { name: "Other hours in the next two weeks" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Thu Nov 26 · Closed · Thanksgiving Day", "Thu Dec 24 · 8:00 AM – 2:00 PM · Christmas Eve"]);
  });

  it("lists nothing more when the coming days keep the usual hours", () => {
    useShopStatus.setState({ status: storeStatus() });
    render(<WeeklyHours />);
    expect(screen.queryByRole("list", { name: "Other hours in the next two weeks" })).not.toBeInTheDocument();
  });

  it("lists every day Monday first, closed days included", async () => {
    useShopStatus.setState({ status: storeStatus() });
    render(<WeeklyHours />);
    const rows = within(screen.getByRole("region", { name: "Opening hours" })).getAllByRole("term");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(screen.getByText("7:00 AM – 7:00 PM")).toBeInTheDocument();
    expect(screen.getAllByText("Closed")).toHaveLength(5);
  });
});

describe("a sold-out drink on the menu", () => {
  function renderCard() {
    return render(
      <MemoryRouter>
        <ProductCard product={sunriseOrange} />
      </MemoryRouter>,
    );
  }

  it("shows Sold out instead of its price when the whole drink is out", () => {
    useShopStatus.setState({ status: storeStatus({ soldOut: [{ productId: "prd-sunrise-orange", size: "all" }] }) });
    renderCard();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
    expect(screen.queryByText("$5.49")).not.toBeInTheDocument();
  });

  it("shows Sold out when every size is out, and the price while one size is left", () => {
    const sizes = ["small", "medium", "large"] as const;
    useShopStatus.setState({
      status: storeStatus({ soldOut: sizes.slice(0, 2).map((size) => ({ productId: "prd-sunrise-orange", size })) }),
    });
    const { unmount } = renderCard();
    expect(screen.queryByText("Sold out")).not.toBeInTheDocument();
    expect(screen.getByText("$5.49")).toBeInTheDocument();
    unmount();
    useShopStatus.setState({
      status: storeStatus({ soldOut: sizes.map((size) => ({ productId: "prd-sunrise-orange", size })) }),
    });
    renderCard();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
  });
});

describe("a drink's page and the shop's state", () => {
  function renderDrink() {
    return renderRoutes(
      [
        { path: "/categories/:categoryId/products/:id", element: <ProductPage /> },
        { path: "/checkout", element: <h1>Checkout</h1> },
      ],
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    );
  }
  const drinkApi = { "GET /api/categories/cat-fresh-juices/products/prd-sunrise-orange": () => json(sunriseOrange) };
  const sizeButton = (name: RegExp) =>
    within(screen.getByRole("group", { name: "Size" })).getByRole("button", { name });

  it("a sold-out size says so in place of its price and cannot be chosen; the first size left is shown", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    mockApi(drinkApi);
    // As the shop's polling (in the layout) leaves it.
    useShopStatus.setState({ status: storeStatus({ soldOut: [{ productId: "prd-sunrise-orange", size: "small" }] }) });
    const user = userEvent.setup();
    renderDrink();
    const small = await screen.findByRole("button", { name: /^Small Sold out today/ });
    expect(small).toHaveAttribute("aria-disabled", "true");
    await waitFor(() => expect(sizeButton(/^Medium/)).toHaveAttribute("aria-pressed", "true"));

    await user.click(small);
    expect(small).toHaveAttribute("aria-pressed", "false");
    expect(sizeButton(/^Medium/)).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  it("a size that sells out while chosen says why the buttons stopped", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    mockApi(drinkApi);
    useShopStatus.setState({ status: storeStatus() });
    const user = userEvent.setup();
    renderDrink();
    await user.click(await screen.findByRole("button", { name: /^Large/ }));
    act(() =>
      useShopStatus.setState({
        status: storeStatus({ soldOut: [{ productId: "prd-sunrise-orange", size: "large" }] }),
      }),
    );
    const addToCart = screen.getByRole("button", { name: "Add to Cart" });
    expect(addToCart).toBeDisabled();
    expect(addToCart).toHaveAccessibleDescription("Large is sold out today: choose another size.");
  });

  it("while ordering is paused: Add to Cart keeps the drink, Order Now says until when and goes nowhere", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    mockApi(drinkApi);
    useShopStatus.setState({
      status: storeStatus({ acceptingOrders: false, reason: "paused", pausedUntil: "2026-03-10T19:30:00.000Z" }),
    });
    const user = userEvent.setup();
    const { router } = renderDrink();
    const orderNow = await screen.findByRole("button", { name: "Order Now" });
    await waitFor(() =>
      expect(orderNow).toHaveAccessibleDescription(
        "Online ordering is paused, back at 12:30 PM. Add to Cart keeps the drink in your cart for then.",
      ),
    );
    expect(orderNow).toHaveAttribute("aria-disabled", "true");
    await user.click(orderNow);
    expect(router.state.location.pathname).toBe("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    expect(useCartStore.getState().items).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(useCartStore.getState().items).toEqual([expect.objectContaining({ productId: "prd-sunrise-orange" })]);
  });
});

describe("the pickup picker", () => {
  function Picker({ onChange, drinks = 2 }: { onChange(value: PickupRequest): void; drinks?: number }) {
    const [value, setValue] = useState<PickupRequest>({ mode: "asap" });
    const status = storeStatus();
    return (
      <PickupPicker
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        asapReadyAt={status.asapReadyAt}
        days={daysOf(status)}
        now={new Date(status.now)}
        drinks={drinks}
        drinkLimits={status.drinkLimits}
        timeZone={LA}
      />
    );
  }

  it("offers as soon as possible with its ready time, then today's slots with full ones unselectable", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    expect(screen.getByRole("radio", { name: "As soon as possible (ready around 12:12 PM)" })).toBeChecked();

    await user.click(screen.getByRole("radio", { name: "Later today" }));
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-03-10T19:15:00.000Z" });
    const select = screen.getByRole("combobox", { name: "Pickup slot" });
    const options = within(select).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["12:15 PM", "12:30 PM (full)", "12:45 PM"]);
    expect(options[1]).toBeDisabled();

    await user.selectOptions(select, "12:45 PM");
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-03-10T19:45:00.000Z" });
  });

  it("offers a large order only the times the counter can make it by", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} drinks={30} />);
    // 30 drinks at 12 a slot: the first slot alone cannot make them; by 12:45 three slots can.
    await user.click(screen.getByRole("radio", { name: "Later today" }));
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-03-10T19:45:00.000Z" });
    const options = within(screen.getByRole("combobox", { name: "Pickup slot" })).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "12:15 PM (too soon for 30 drinks)",
      "12:30 PM (full)",
      "12:45 PM",
    ]);
    expect(options.map((option) => (option as HTMLOptionElement).disabled)).toEqual([true, true, false]);
  });

  it("says when no time left today can make the order", () => {
    render(<Picker onChange={vi.fn()} drinks={40} />);
    expect(screen.getByRole("radio", { name: "Later today (no pickup time left today for 40 drinks)" })).toBeDisabled();
  });
});

describe("the checkout and the shop's state", () => {
  const sunrise: CartItem = {
    id: "Sunrise Orange medium",
    productId: "prd-sunrise-orange",
    categoryId: "cat-fresh-juices",
    name: "Sunrise Orange",
    priceCents: 649,
    size: "medium",
    quantity: 1,
    comment: "",
    image: sunriseOrange.image,
  };
  const charcoal: CartItem = {
    ...sunrise,
    id: "Charcoal Lemon default",
    productId: charcoalLemon.id,
    name: "Charcoal Lemon",
    size: "default",
    priceCents: 699,
  };

  function renderCheckout() {
    return renderRoutes(
      [
        { path: "/checkout", element: <CheckoutPage /> },
        { path: "/menu", element: <h1>Menu</h1> },
      ],
      "/checkout",
    );
  }

  it("refuses politely before anything is filled in while ordering is paused", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    serveStore(storeStatus({ acceptingOrders: false, reason: "paused", pausedUntil: null }));
    renderCheckout();
    expect(await screen.findByRole("heading", { name: "We are not taking orders right now" })).toBeInTheDocument();
    expect(screen.getByText("Online ordering is paused for now.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Phone number")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Checkout" })).not.toBeInTheDocument();
    // The order summary stays: the cart is kept for later.
    expect(screen.getByText("Sunrise Orange")).toBeInTheDocument();
  });

  it("flags a cart line that sold out and lets the shopper remove it to continue", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise, charcoal] });
    serveStore(storeStatus({ soldOut: [{ productId: "prd-sunrise-orange", size: "medium" }] }));
    const user = userEvent.setup();
    renderCheckout();
    // One message, under the line, and the button leads to that line's way out.
    expect(await screen.findByText("Sold out: remove it to continue")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Sold out: remove it to continue");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove Sunrise Orange (Medium)" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Remove Sunrise Orange (Medium)" }));
    expect(screen.queryByText("Sold out: remove it to continue")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeEnabled();
  });

  it("sends the chosen slot, and shows slot_full from the server at the picker", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [charcoal] });
    const { calls } = serveStore(storeStatus(), {
      "POST /api/orders": () =>
        json(
          {
            error: {
              code: "slot_full",
              field: "pickup.startsAt",
              message: "Pickup at 12:15 PM has just filled up. Choose another time.",
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("radio", { name: "Later today" }));
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Pickup at 12:15 PM has just filled up. Choose another time.")).toBeInTheDocument();
    const order = calls.find((call) => call.method === "POST");
    expect(order?.body).toMatchObject({ pickup: { mode: "slot", startsAt: "2026-03-10T19:15:00.000Z" } });
    // The slots are asked for again at once, not at the next poll: the shopper picks from what is left.
    const refusedAt = calls.indexOf(order!);
    await waitFor(() =>
      expect(calls.slice(refusedAt).some((call) => call.url.endsWith("/api/pickup-days"))).toBe(true),
    );
  });

  it("explains an order too large to prepare in time in the shopper's words, with the shop's number to call", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [{ ...charcoal, quantity: 30 }] });
    const message =
      "30 drinks cannot be ready for any pickup time left today. This order is too large to prepare in time: call the shop at +1 714 215 4499 to arrange it.";
    serveStore(storeStatus(), {
      "POST /api/orders": () => json({ error: { code: "order_too_large", field: "lines", message } }, 409),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    const alert = await screen.findByText(message);
    expect(alert).toHaveTextContent("too large to prepare in time: call the shop");
    const call = screen.getByRole("link", { name: "Call +1 714 215 4499" });
    expect(call).toHaveAttribute("href", "tel:+17142154499");
    // A smaller cart is a new question for the shop: the refusal goes.
    await user.click(screen.getByRole("button", { name: "Decrease quantity of Charcoal Lemon (One size)" }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it("says an account's open unpaid drinks are at the limit where a too large order is said, with the shop's number", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [{ ...charcoal, quantity: 5 }] });
    const message =
      "You already have 40 drinks ordered and not yet paid for; one account can have at most 40 at a time. To order more now, call the shop at +1 714 215 4499.";
    serveStore(storeStatus(), {
      "POST /api/orders": () => json({ error: { code: "open_drinks_limit", field: "lines", message } }, 409),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Call +1 714 215 4499" })).toHaveAttribute("href", "tel:+17142154499");
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
  });

  it("moves a cart refused as ready only after closing to the first pickup time that works, saying why at the picker", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [charcoal] });
    const message =
      "1 drink would be ready around 7:01 PM, after the shop closes at 7:00 PM. Choose a pickup time ahead.";
    const { calls } = serveStore(storeStatus(), {
      "POST /api/orders": () => json({ error: { code: "ready_after_closing", field: "pickup", message } }, 409),
    });
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByRole("radio", { name: /As soon as possible/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
    // "As soon as possible" is no longer offered; the first slot that can make the cart is chosen.
    await waitFor(() => expect(screen.queryByRole("radio", { name: /As soon as possible/ })).not.toBeInTheDocument());
    expect(screen.getByRole("radio", { name: "Later today" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "POST")[1]!.body).toMatchObject({
      pickup: { mode: "slot", startsAt: "2026-03-10T19:15:00.000Z" },
    });
  });

  it("offers no as soon as possible when the shop's state says it cannot be ready before closing", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [charcoal] });
    serveStore(storeStatus({ asapReadyAt: null }));
    renderCheckout();
    expect(await screen.findByRole("radio", { name: "Later today" })).toBeChecked();
    expect(screen.queryByRole("radio", { name: /As soon as possible/ })).not.toBeInTheDocument();
  });

  it("says a card checkout that could not start released the order, and the next press is a new attempt", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [charcoal] });
    const message =
      "Card payment is unavailable right now, so your order was not placed and nothing is held for it. Please try again in a few minutes, or call the shop at +1 714 215 4499 to order and pay at pickup.";
    serveStore(storeStatus(), {
      "POST /api/orders": () => json({ error: { code: "payment_unavailable", message } }, 502),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(sessionStorage.getItem("squeeze:checkout-attempt")).toBeNull();
  });

  it("says before checkout that a cart over the drinks per order is for the phone, and sends nothing", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({
      items: [
        { ...charcoal, quantity: 25 },
        { ...sunrise, quantity: 16 },
      ],
    });
    const { calls } = serveStore(storeStatus());
    renderCheckout();
    expect(
      await screen.findByText(
        "41 drinks are more than the 40 we take in one online order. This order is too large to prepare in time: call the shop at +1 714 215 4499 to arrange it.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Call +1 714 215 4499" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("for a delivery, the picker says when it leaves the shop, and the order goes at the time chosen", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [charcoal] });
    const { calls } = serveStore(storeStatus(), {
      "GET /api/delivery-area": () =>
        json({
          pickupAddress: "512 South Brookhurst St #4",
          deliveryFeeCents: 399,
          zipCodes: [{ zip: "92805", city: "Anaheim" }],
        }),
      "POST /api/orders": () => json({ error: { code: "internal_error", message: "Try again." } }, 500),
    });
    const user = userEvent.setup();
    renderCheckout();

    // A pickup: the picker, as soon as possible.
    expect(await screen.findByRole("group", { name: "Pickup time" })).toBeInTheDocument();
    expect(screen.queryByTestId("delivery-time")).not.toBeInTheDocument();

    // A delivery: as soon as possible within the delivery window, or a time it leaves the shop.
    await user.click(screen.getByRole("radio", { name: /Delivery/ }));
    expect(screen.queryByRole("group", { name: "Pickup time" })).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Delivery time" })).toBeInTheDocument();
    expect(screen.getByTestId("delivery-time")).toHaveTextContent(
      "Within 60-90 minutes (leaves the shop around 12:12 PM)",
    );
    await user.click(screen.getByRole("radio", { name: "Later today" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Leaves the shop at" }), "12:45 PM");

    await user.type(screen.getByLabelText("Street address"), "1200 W Lincoln Ave");
    await user.type(screen.getByLabelText("ZIP code"), "92805");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const order = calls.find((call) => call.method === "POST");
    expect(order?.body).toMatchObject({
      fulfilment: "delivery",
      pickup: { mode: "slot", startsAt: "2026-03-10T19:45:00.000Z" },
    });

    // Back to pickup: the picker again.
    await user.click(screen.getByRole("radio", { name: "Pickup" }));
    expect(screen.getByRole("group", { name: "Pickup time" })).toBeInTheDocument();
  });
});

describe("an add-on option sold out at the shop", () => {
  const milk: ModifierGroup = {
    id: "grp-milk",
    name: "Milk",
    minSelected: 1,
    maxSelected: 1,
    options: [
      { id: "opt-milk-dairy", name: "Dairy milk", priceCents: 0, isDefault: true },
      { id: "opt-milk-oat", name: "Oat milk", priceCents: 50, isDefault: false },
    ],
  };
  const boosts: ModifierGroup = {
    id: "grp-boosts",
    name: "Boosts",
    minSelected: 0,
    maxSelected: 3,
    options: [{ id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false }],
  };

  function renderDrink() {
    mockApi({
      "GET /api/categories/cat-fresh-juices/products/prd-sunrise-orange": () =>
        json({ ...sunriseOrange, modifierGroups: [milk, boosts] }),
    });
    return renderRoutes(
      [{ path: "/categories/:categoryId/products/:id", element: <ProductPage /> }],
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    );
  }
  const milkGroup = () => screen.getByRole("group", { name: "Milk Choose 1" });

  beforeEach(() => signInAs({ ...signedInUser, phone: "+1 714 555 0100" }));

  it("on the drink page: says Sold out today in place of its price and cannot be chosen", async () => {
    useShopStatus.setState({ status: storeStatus({ soldOutOptions: ["opt-milk-oat"] }) });
    const user = userEvent.setup();
    renderDrink();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const oat = within(milkGroup()).getByRole("radio", { name: "Oat milk Sold out today" });
    expect(oat).toHaveAttribute("aria-disabled", "true");
    await user.click(oat);
    expect(oat).not.toBeChecked();
    expect(within(milkGroup()).getByRole("radio", { name: "Dairy milk" })).toBeChecked();
    await user.click(screen.getAllByRole("button", { name: "Add to Cart" })[0]!);
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({ options: [expect.objectContaining({ id: "opt-milk-dairy" })] }),
    ]);
  });

  it("does not preselect a sold-out default: the shopper is asked to choose another", async () => {
    useShopStatus.setState({ status: storeStatus({ soldOutOptions: ["opt-milk-dairy"] }) });
    const user = userEvent.setup();
    renderDrink();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    expect(within(milkGroup()).getByRole("radio", { name: "Dairy milk Sold out today" })).not.toBeChecked();
    await user.click(screen.getAllByRole("button", { name: "Add to Cart" })[0]!);
    expect(within(milkGroup()).getByRole("alert")).toHaveTextContent("Milk: choose 1");
    expect(useCartStore.getState().items).toEqual([]);
    await user.click(within(milkGroup()).getByRole("radio", { name: "Oat milk +$0.50" }));
    await user.click(screen.getAllByRole("button", { name: "Add to Cart" })[0]!);
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it("cannot add a drink whose required group is all sold out, and says why", async () => {
    useShopStatus.setState({ status: storeStatus({ soldOutOptions: ["opt-milk-dairy", "opt-milk-oat"] }) });
    renderDrink();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const add = screen.getAllByRole("button", { name: "Add to Cart" })[0]!;
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription("Sold out today: we have no milk left to make it with.");
  });

  it("an option chosen on the page that sells out meanwhile drops out of the choice", async () => {
    useShopStatus.setState({ status: storeStatus() });
    const user = userEvent.setup();
    renderDrink();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(within(milkGroup()).getByRole("radio", { name: "Oat milk +$0.50" }));
    expect(screen.getByTestId("drink-total")).toHaveTextContent("$5.99");
    act(() => useShopStatus.setState({ status: storeStatus({ soldOutOptions: ["opt-milk-oat"] }) }));
    expect(within(milkGroup()).getByRole("radio", { name: "Oat milk Sold out today" })).not.toBeChecked();
    expect(screen.getByTestId("drink-total")).toHaveTextContent("$5.49");
  });

  const oatBerry: CartItem = {
    id: "Sunrise Orange small + opt-milk-oat",
    productId: "prd-sunrise-orange",
    categoryId: "cat-fresh-juices",
    name: "Sunrise Orange",
    priceCents: 599,
    size: "small",
    quantity: 1,
    comment: "",
    image: sunriseOrange.image,
    options: [{ id: "opt-milk-oat", name: "Oat milk", priceCents: 50, isDefault: false }],
  };

  function renderCheckout() {
    return renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
  }

  it("at checkout: flags the line made with it, from the shop's state", async () => {
    useCartStore.setState({ items: [oatBerry] });
    serveStore(storeStatus({ soldOutOptions: ["opt-milk-oat"] }));
    renderCheckout();
    const line = (await screen.findByText("Oat milk (+$0.50)")).closest("li")!;
    expect(await within(line).findByRole("alert")).toHaveTextContent(
      "Oat milk is sold out today: remove the drink and choose it again with another option",
    );
  });

  it("at checkout: flags the line the server refused for a sold-out option (the race)", async () => {
    const plain: CartItem = {
      ...oatBerry,
      id: "Charcoal Lemon default",
      productId: charcoalLemon.id,
      name: "Charcoal Lemon",
      size: "default",
      options: undefined,
    };
    useCartStore.setState({ items: [plain, oatBerry] });
    serveStore(storeStatus(), {
      "POST /api/orders": () =>
        json(
          {
            error: {
              code: "sold_out",
              field: "lines.1.modifierIds.0",
              message:
                "Line 2: Oat milk is sold out today (Sunrise Orange). Remove the drink from your cart and choose it again with another option.",
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    const line = (await screen.findByText("Oat milk (+$0.50)")).closest("li")!;
    expect(await within(line).findByRole("alert")).toHaveTextContent(
      "Oat milk is sold out today: remove the drink and choose it again with another option",
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });
});
