import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PickupDay, PickupSlot, ShopStatus } from "#common/availability";
import type { PickupRequest } from "#common/forms/checkout";
import { orderTiming } from "#common/order-timing";
import type { StaffOrder } from "#common/staff-orders";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
import { PickupPicker } from "#web/features/checkout/pickup-picker";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import StaffBoardPage from "#web/features/staff-board/staff-board-page";
import StaffLayout from "#web/features/staff-board/staff-layout";
import { useCartStore, type CartItem } from "#web/lib/cart-store";
import { FakeAudioContext } from "./fake-audio";
import {
  deviceClockIn,
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  sunriseOrange,
} from "./storefront-helpers";
import { staffOrder } from "./order-fixtures";

const LA = "America/Los_Angeles";
/** Wednesday Nov 25, 2026, 10 PM in Anaheim: closed; Thursday is Thanksgiving (closed). */
const WEDNESDAY_NIGHT = "2026-11-26T06:00:00.000Z";
/** Tuesday Nov 24, 2026, 10 AM in Anaheim: an order 20 hours ahead is for the next day. */
const TUESDAY_MORNING = Date.parse("2026-11-24T18:00:00.000Z");

function slots(firstAt: string, count: number, overrides: Partial<PickupSlot>[] = []): PickupSlot[] {
  return Array.from({ length: count }, (_, index) => ({
    startsAt: new Date(Date.parse(firstAt) + index * 15 * 60_000).toISOString(),
    full: false,
    drinksLeft: 12,
    ...overrides[index],
  }));
}

/** Friday from 7 AM PST, Saturday from 8 AM with its first two slots full, Sunday from 9 AM. */
const DAYS: PickupDay[] = [
  { date: "2026-11-27", slots: slots("2026-11-27T15:00:00.000Z", 3) },
  { date: "2026-11-28", slots: slots("2026-11-28T16:00:00.000Z", 2, [{ full: true }, { full: true }]) },
  { date: "2026-11-29", slots: slots("2026-11-29T17:00:00.000Z", 3) },
];

function closedStore(overrides: Partial<ShopStatus> = {}): ShopStatus {
  return {
    locationId: "loc-anaheim",
    locationName: "Squeeze Anaheim",
    timeZone: LA,
    open: false,
    acceptingOrders: false,
    reason: "closed",
    opensAt: "2026-11-27T15:00:00.000Z",
    closesAt: "2026-11-28T04:00:00.000Z",
    pausedUntil: null,
    soldOut: [],
    soldOutOptions: [],
    asapReadyAt: null,
    pickupSlots: [],
    drinkLimits: { perOrder: 40, perSlot: 12 },
    phone: "+1 714 215 4499",
    weeklyHours: [],
    hoursExceptions: [{ date: "2026-11-26", intervals: [], note: "Thanksgiving Day" }],
    now: WEDNESDAY_NIGHT,
    ...overrides,
  };
}

/** An answer the test gives when it chooses: the request is in flight until then. */
function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(() => {
  resetStores();
  useShopStatus.setState({ status: null, fetchedAt: null });
  useNewOrderAlerts.setState({ pending: [] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the checkout's day picker", () => {
  function Picker({
    onChange,
    asapReadyAt = null,
  }: {
    onChange(value: PickupRequest): void;
    asapReadyAt?: string | null;
  }) {
    const [value, setValue] = useState<PickupRequest>(
      asapReadyAt ? { mode: "asap" } : { mode: "slot", startsAt: DAYS[0]!.slots[0]!.startsAt },
    );
    return (
      <PickupPicker
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        asapReadyAt={asapReadyAt}
        days={DAYS}
        drinks={2}
        drinkLimits={{ perOrder: 40, perSlot: 12 }}
        timeZone={LA}
        now={new Date(WEDNESDAY_NIGHT)}
      />
    );
  }

  it("lists the open days by name, a full day unselectable, and each day's own times", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    // Closed now: nothing "as soon as possible".
    expect(screen.queryByRole("radio", { name: /As soon as possible/ })).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Pick a day and time" })).toBeChecked();

    const day = screen.getByRole("combobox", { name: "Day" });
    const dayOptions = within(day).getAllByRole("option") as HTMLOptionElement[];
    // Tomorrow is Thanksgiving, closed: not listed at all.
    expect(dayOptions.map((option) => option.textContent)).toEqual([
      "Fri, Nov 27",
      "Sat, Nov 28 (full)",
      "Sun, Nov 29",
    ]);
    expect(dayOptions.map((option) => option.disabled)).toEqual([false, true, false]);
    const times = () =>
      within(screen.getByRole("combobox", { name: "Pickup slot" }))
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(times()).toEqual(["7:00 AM", "7:15 AM", "7:30 AM"]);

    await user.selectOptions(day, "Sun, Nov 29");
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-11-29T17:00:00.000Z" });
    expect(times()).toEqual(["9:00 AM", "9:15 AM", "9:30 AM"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Pickup slot" }), "9:30 AM");
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-11-29T17:30:00.000Z" });
  });

  it("words today and tomorrow as such, and offers as soon as possible while open", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // Thursday Nov 26 at 6 AM: Friday is tomorrow.
    render(
      <PickupPicker
        value={{ mode: "asap" }}
        onChange={onChange}
        asapReadyAt="2026-11-27T14:10:00.000Z"
        days={DAYS}
        drinks={1}
        drinkLimits={{ perOrder: 40, perSlot: 12 }}
        timeZone={LA}
        now={new Date("2026-11-26T14:00:00.000Z")}
      />,
    );
    expect(screen.getByRole("radio", { name: "As soon as possible (ready around 6:10 AM)" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Pick a day and time" }));
    expect(onChange).toHaveBeenLastCalledWith({ mode: "slot", startsAt: "2026-11-27T15:00:00.000Z" });
  });
});

describe("an order's time, as the order page, the success modal and the e-mails say it", () => {
  it("names the day of a pickup time ordered ahead, and only the time of today's", () => {
    const pickup = { mode: "slot", at: "2026-11-27T15:15:00.000Z", timeZone: LA } as const;
    expect(orderTiming({ fulfilment: "pickup", pickup, createdAt: WEDNESDAY_NIGHT })).toEqual({
      label: "Pickup",
      value: "Fri, Nov 27, 7:15 AM",
    });
    expect(orderTiming({ fulfilment: "delivery", pickup, createdAt: WEDNESDAY_NIGHT })?.value).toBe(
      "Leaves the shop at Fri, Nov 27, 7:15 AM",
    );
    expect(orderTiming({ fulfilment: "pickup", pickup, createdAt: "2026-11-27T14:00:00.000Z" })?.value).toBe("7:15 AM");
  });
});

describe("the checkout while the shop is closed", () => {
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

  it("offers the next open days instead of a dead end, and sends the chosen time", async () => {
    // "tomorrow" and "on Friday" are told from the device's clock: it reads Wednesday night here, in the shop's town.
    deviceClockIn(LA);
    vi.useFakeTimers({ now: Date.parse(WEDNESDAY_NIGHT), shouldAdvanceTime: true, toFake: ["Date"] });
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    const { calls } = mockApi({
      "GET /api/store": () => json(closedStore()),
      "GET /api/pickup-days": () => json({ pickupDays: DAYS }),
      "POST /api/orders": () => json({ error: { code: "internal", message: "stop here" } }, 500),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByTestId("checkout-ahead")).toHaveTextContent(
      "Closed now · opens on Friday at 7:00 AM. Order now for a time ahead.",
    );
    expect(screen.queryByRole("heading", { name: "We are not taking orders right now" })).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Day" })).toHaveDisplayValue("Fri, Nov 27");
    await user.selectOptions(screen.getByRole("combobox", { name: "Pickup slot" }), "7:15 AM");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      pickup: { mode: "slot", startsAt: "2026-11-27T15:15:00.000Z" },
    });
  });

  it("still says the shop is not taking orders when no day ahead has a time", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    mockApi({
      "GET /api/store": () => json(closedStore()),
      "GET /api/pickup-days": () => json({ pickupDays: [] }),
    });
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByRole("heading", { name: "We are not taking orders right now" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("waits a moment for the days ahead rather than saying it takes no orders", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    const days = deferred();
    mockApi({
      "GET /api/store": () => json(closedStore()),
      "GET /api/pickup-days": () => days.promise,
    });
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByText("Looking for pickup times ahead…")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "We are not taking orders right now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Checkout" })).not.toBeInTheDocument();

    days.resolve(json({ pickupDays: DAYS }));
    expect(await screen.findByTestId("checkout-ahead")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Day" })).toHaveDisplayValue("Fri, Nov 27");
    expect(screen.queryByText("Looking for pickup times ahead…")).not.toBeInTheDocument();
  });

  it("says when the days ahead could not be loaded, and loads them again on request", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    let answer = () => json({ error: { code: "internal", message: "Something went wrong" } }, 500);
    mockApi({
      "GET /api/store": () => json(closedStore()),
      "GET /api/pickup-days": () => answer(),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not load the pickup times ahead. Check your connection; we keep trying.",
    );
    expect(screen.getByRole("heading", { name: "We are not taking orders right now" })).toBeInTheDocument();

    answer = () => json({ pickupDays: DAYS });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("checkout-ahead")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the checkout while the shop is open, and its days ahead", () => {
  /** Friday Nov 27, 8 AM in Anaheim: open, a drink ready around 8:05. */
  const FRIDAY_MORNING = "2026-11-27T16:00:00.000Z";
  const OPEN_DAYS: PickupDay[] = [
    { date: "2026-11-27", slots: slots("2026-11-27T16:15:00.000Z", 3) },
    { date: "2026-11-28", slots: slots("2026-11-28T16:00:00.000Z", 3) },
  ];
  const openStore = () =>
    closedStore({
      open: true,
      acceptingOrders: true,
      reason: null,
      asapReadyAt: "2026-11-27T16:05:00.000Z",
      pickupSlots: OPEN_DAYS[0]!.slots,
      now: FRIDAY_MORNING,
    });
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

  it("takes an order as soon as possible before the days have answered, and shows the days once they do", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    const days = deferred();
    const { calls } = mockApi({
      "GET /api/store": () => json(openStore()),
      "GET /api/pickup-days": () => days.promise,
      "POST /api/orders": () => json({ error: { code: "internal", message: "stop here" } }, 500),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByRole("radio", { name: "As soon as possible (ready around 8:05 AM)" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Pick a day and time (loading the times…)" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({ pickup: { mode: "asap" } });

    days.resolve(json({ pickupDays: OPEN_DAYS }));
    await user.click(await screen.findByRole("radio", { name: "Pick a day and time" }));
    expect(screen.getByRole("combobox", { name: "Day" })).toHaveDisplayValue("Today");
  });

  it("says when the days could not be loaded, with as soon as possible still usable", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    mockApi({
      "GET /api/store": () => json(openStore()),
      "GET /api/pickup-days": () => json({ unexpected: true }),
    });
    renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load the pickup times ahead.");
    expect(screen.getByRole("radio", { name: /^Pick a day and time \(times not loaded\)/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: "As soon as possible (ready around 8:05 AM)" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeEnabled();
  });

  it("asks for the days again every 15 seconds while it is open, and a slot that filled shows as full", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useCartStore.setState({ items: [sunrise] });
    let served = OPEN_DAYS;
    const { calls } = mockApi({
      "GET /api/store": () => json(openStore()),
      "GET /api/pickup-days": () => json({ pickupDays: served }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
    await user.click(await screen.findByRole("radio", { name: "Pick a day and time" }));
    const asked = () => calls.filter((call) => call.url.endsWith("/api/pickup-days")).length;
    expect(asked()).toBe(1);

    served = [{ ...OPEN_DAYS[0]!, slots: slots("2026-11-27T16:15:00.000Z", 3, [{}, { full: true }]) }, OPEN_DAYS[1]!];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(asked()).toBe(2);
    const times = within(screen.getByRole("combobox", { name: "Pickup slot" })).getAllByRole("option");
    expect(times.map((option) => option.textContent)).toEqual(["8:15 AM", "8:30 AM (full)", "8:45 AM"]);

    // Once the shopper leaves the checkout, nothing asks for them any more.
    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(asked()).toBe(2);
  });
});

describe("the board's Later lane", () => {
  const ANAHEIM = {
    id: "loc-anaheim",
    name: "Squeeze Anaheim",
    timeZone: LA,
    ageThresholds: { warnAfterMinutes: 5, lateAfterMinutes: 10 },
    drinkLimits: { perOrder: 40, perSlot: 12 },
  };

  function scheduled(id: string, prepStartsInMs: number, pickupInMs: number): StaffOrder {
    const now = Date.now();
    return staffOrder(id, {
      pickup: { mode: "slot", at: new Date(now + pickupInMs).toISOString(), timeZone: LA },
      prepStartsAt: new Date(now + prepStartsInMs).toISOString(),
    });
  }

  it("holds an order in Later until its preparation is due, then moves it to New and alerts, without a request", async () => {
    FakeAudioContext.reset();
    vi.stubGlobal("AudioContext", FakeAudioContext);
    vi.useFakeTimers({ now: TUESDAY_MORNING, shouldAdvanceTime: true });
    const soon = scheduled("dddddddd-0000-4000-8000-000000000004", 90_000, 93 * 60_000 - 90 * 60_000);
    // A day and more ahead, so it falls on another day of the shop whatever the hour the test runs.
    const tomorrow = scheduled("eeeeeeee-0000-4000-8000-000000000005", 26 * 3_600_000, 26 * 3_600_000 + 180_000);
    const { calls } = mockApi({
      "GET /api/staff/orders": () =>
        json({
          location: ANAHEIM,
          orders: [soon, tomorrow],
          done: [],
          unpaid: [],
          earlier: { count: 0 },
          readAt: new Date().toISOString(),
        }),
    });
    renderRoutes(
      [{ path: "/staff", element: <StaffLayout />, children: [{ index: true, element: <StaffBoardPage /> }] }],
      "/staff",
    );
    const later = await screen.findByRole("region", { name: /^Later/ });
    expect(
      within(later)
        .getAllByRole("article")
        .map((card) => card.getAttribute("aria-labelledby")),
    ).toEqual([`board-order-${soon.id}`, `board-order-${tomorrow.id}`]);
    // An order for another day says which day.
    const ahead = within(later).getByRole("article", { name: "#EEEEEEEE" });
    expect(ahead).toHaveTextContent(/Pickup \w{3}, \w{3} \d+, /);
    // Held in Later: when to start it, and a small "Start now" rather than a full-size Start.
    expect(ahead).toHaveTextContent(/Start at \w{3}, \w{3} \d+, \d{1,2}:\d{2}/);
    expect(within(ahead).queryByRole("button", { name: "Start" })).toBeNull();
    expect(within(ahead).getByRole("button", { name: "Start now" })).toBeInTheDocument();
    expect(within(later).getByRole("article", { name: "#DDDDDDDD" })).toHaveTextContent(/Start at \d{1,2}:\d{2}/);
    expect(within(screen.getByRole("region", { name: /^New/ })).getByText("No orders")).toBeInTheDocument();
    expect(document.title).toBe("Order board · Squeeze");
    expect(screen.getByLabelText("Open orders")).toHaveTextContent("Later 2New 0Preparing 0Ready 0");
    const reads = calls.length;

    await act(async () => {
      await vi.advanceTimersByTimeAsync(91_000);
    });
    const card = within(screen.getByRole("region", { name: /^New/ })).getByRole("article", { name: "#DDDDDDDD" });
    expect(card).toHaveClass("board-card--alert");
    // Due now: the full-size Start again.
    expect(within(card).getByRole("button", { name: "Start" })).toBeInTheDocument();
    expect(card).not.toHaveTextContent("Start at");
    expect(screen.getAllByRole("alert")[0]).toHaveTextContent("New order: #DDDDDDDD");
    expect(document.title).toBe("(1) New orders · Order board · Squeeze");
    expect(screen.getByLabelText("Open orders")).toHaveTextContent("Later 1New 1Preparing 0Ready 0");
    expect(within(screen.getByRole("region", { name: /^Later/ })).getAllByRole("article")).toHaveLength(1);
    expect(calls).toHaveLength(reads);
  });
});
