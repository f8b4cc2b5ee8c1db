import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PickupDay, PickupSlot, ShopStatus } from "#common/availability";
import type { CreateOrderResponse, Order } from "#common/orders";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
import { cartLineId, useCartStore, type CartItem } from "#web/lib/cart-store";
import { SESSION_STORAGE_KEY, useSessionStore } from "#web/lib/session-store";
import { deviceClockIn, json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";
import { shopperOrder } from "./order-fixtures";

vi.mock("#web/features/checkout/payment-redirect", () => ({ goToPaymentPage: vi.fn() }));

const LA = "America/Los_Angeles";
const ACCOUNT_PHONE = "+1 714 555 0100";
const TYPED_PHONE = "+1 657 555 0199";
/** Friday Nov 27, 2026, 8 AM in Anaheim: open, a drink ready around 8:05. */
const FRIDAY_MORNING = "2026-11-27T16:00:00.000Z";

function slots(firstAt: string, count: number): PickupSlot[] {
  return Array.from({ length: count }, (_, index) => ({
    startsAt: new Date(Date.parse(firstAt) + index * 15 * 60_000).toISOString(),
    full: false,
    drinksLeft: 12,
  }));
}

/** Today from 8:15 AM, tomorrow (Saturday) from 9 AM. */
const DAYS: PickupDay[] = [
  { date: "2026-11-27", slots: slots("2026-11-27T16:15:00.000Z", 3) },
  { date: "2026-11-28", slots: slots("2026-11-28T17:00:00.000Z", 4) },
];
const SATURDAY_9_30 = "2026-11-28T17:30:00.000Z";

const store: ShopStatus = {
  locationId: "loc-anaheim",
  locationName: "Squeeze Anaheim",
  timeZone: LA,
  open: true,
  acceptingOrders: true,
  reason: null,
  opensAt: null,
  closesAt: "2026-11-28T02:00:00.000Z",
  pausedUntil: null,
  soldOut: [],
  soldOutOptions: [],
  asapReadyAt: "2026-11-27T16:05:00.000Z",
  pickupSlots: DAYS[0]!.slots,
  drinkLimits: { perOrder: 40, perSlot: 12 },
  phone: "+1 714 215 4499",
  weeklyHours: [],
  hoursExceptions: [],
  now: FRIDAY_MORNING,
};

/** Two Sunrise Oranges at $6.49: a subtotal of $12.98. */
const sunrise: CartItem = {
  id: cartLineId("Sunrise Orange", "medium"),
  productId: "prd-sunrise-orange",
  categoryId: "cat-fresh-juices",
  name: "Sunrise Orange",
  priceCents: 649,
  size: "medium",
  quantity: 2,
  comment: "",
  image: "/images/drinks/sunrise-orange.svg",
};

function placedOrder(): Order {
  return shopperOrder({
    totalCents: 1493,
    tipCents: 195,
    createdAt: FRIDAY_MORNING,
    updatedAt: FRIDAY_MORNING,
    itemCount: 2,
    pickup: { mode: "slot", at: SATURDAY_9_30, timeZone: LA },
  });
}

function api(orderAnswer: () => Response | Promise<Response> = () => new Promise<Response>(() => {})) {
  return mockApi({
    "GET /api/store": () => json(store),
    "GET /api/pickup-days": () => json({ pickupDays: DAYS }),
    "GET /api/payment-methods": () => json({ accepts: "on_pickup" }),
    "POST /api/orders": orderAnswer,
  });
}

function renderCheckout() {
  return renderRoutes(
    [
      { path: "/checkout", element: <CheckoutPage /> },
      { path: "/menu", element: <h1>Menu</h1> },
    ],
    "/checkout",
  );
}

/**
 * A reload: the page goes, the stores start empty and read what the browser kept. The session
 * comes back as the browser last knew it; the server's answer about it comes later (`sessionAnswers`).
 */
async function reload(unmount: () => void) {
  unmount();
  const cart = localStorage.getItem("squeeze:cart");
  const session = localStorage.getItem(SESSION_STORAGE_KEY);
  useCartStore.setState({ items: [], checkoutDetails: null });
  useSessionStore.getState().clearUser();
  useShopStatus.setState({ status: null, fetchedAt: null });
  localStorage.setItem("squeeze:cart", cart!);
  localStorage.setItem(SESSION_STORAGE_KEY, session!);
  await useCartStore.persist.rehydrate();
  await useSessionStore.persist.rehydrate();
}

/** GET /api/me answers (or a sign-in completes) with the account as the server has it. */
function sessionAnswers(phone: string) {
  act(() => useSessionStore.getState().setUser({ ...signedInUser, phone }));
}

const phoneField = () => screen.getByLabelText("Phone number");
const tips = () => screen.getByRole("group", { name: "Tip" });

function sentOrders(spy: ReturnType<typeof mockApi>["spy"]) {
  return spy.mock.calls
    .filter(([input, init]) => String(input).endsWith("/api/orders") && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

beforeEach(() => {
  resetStores();
  useShopStatus.setState({ status: null, fetchedAt: null });
  signInAs({ ...signedInUser, phone: ACCOUNT_PHONE });
  useCartStore.setState({ items: [sunrise] });
});
afterEach(() => vi.restoreAllMocks());

describe("what was typed at checkout stays", () => {
  it("keeps a new phone across a reload, even when the session answers with the account's old one", async () => {
    api();
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    expect(await screen.findByLabelText("Phone number")).toHaveValue(ACCOUNT_PHONE);
    await user.clear(phoneField());
    await user.type(phoneField(), TYPED_PHONE);

    await reload(unmount);
    renderCheckout();
    expect(await screen.findByLabelText("Phone number")).toHaveValue(TYPED_PHONE);
    sessionAnswers(ACCOUNT_PHONE);
    expect(phoneField()).toHaveValue(TYPED_PHONE);
  });

  it("fills the account's phone only while nothing was typed, and its newest one after a reload", async () => {
    signInAs({ ...signedInUser, phone: "" });
    api();
    const { unmount } = renderCheckout();
    expect(await screen.findByLabelText("Phone number")).toHaveValue("");
    sessionAnswers(ACCOUNT_PHONE);
    expect(phoneField()).toHaveValue(ACCOUNT_PHONE);

    // The account's phone changed meanwhile (ordered from another device): an untouched field follows it.
    await reload(unmount);
    renderCheckout();
    expect(await screen.findByLabelText("Phone number")).toHaveValue(ACCOUNT_PHONE);
    sessionAnswers(TYPED_PHONE);
    expect(phoneField()).toHaveValue(TYPED_PHONE);
  });

  it("keeps the tip and the day and time chosen across a reload, and sends them", async () => {
    const { spy } = api();
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    await user.click(await screen.findByRole("radio", { name: "15% ($1.95)" }));
    await user.click(await screen.findByRole("radio", { name: "Pick a day and time" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "Tomorrow");
    await user.selectOptions(screen.getByRole("combobox", { name: "Pickup slot" }), "9:30 AM");

    await reload(unmount);
    renderCheckout();
    expect(
      await within(await screen.findByRole("group", { name: "Tip" })).findByRole("radio", { name: "15% ($1.95)" }),
    ).toBeChecked();
    expect(screen.getByTestId("checkout-tip")).toHaveTextContent("$1.95");
    expect(await screen.findByRole("radio", { name: "Pick a day and time" })).toBeChecked();
    expect(await screen.findByRole("combobox", { name: "Day" })).toHaveDisplayValue("Tomorrow");
    expect(screen.getByRole("combobox", { name: "Pickup slot" })).toHaveDisplayValue("9:30 AM");

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(sentOrders(spy)).toHaveLength(1));
    expect(sentOrders(spy)[0]).toMatchObject({
      tip: { percent: 15 },
      pickup: { mode: "slot", startsAt: SATURDAY_9_30 },
      phone: ACCOUNT_PHONE,
    });
  });

  it("keeps a custom tip as typed across a reload", async () => {
    api();
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    await user.click(await screen.findByRole("radio", { name: "Custom" }));
    await user.type(screen.getByLabelText("Tip amount ($)"), "2.50");

    await reload(unmount);
    renderCheckout();
    expect(await screen.findByLabelText("Tip amount ($)")).toHaveValue("2.50");
    expect(within(tips()).getByRole("radio", { name: "Custom" })).toBeChecked();
    expect(screen.getByTestId("checkout-tip")).toHaveTextContent("$2.50");
  });

  it("keeps the phone, tip and time through a sign-in when the session lapsed before ordering", async () => {
    api();
    const user = userEvent.setup();
    renderCheckout();
    await user.clear(await screen.findByLabelText("Phone number"));
    await user.type(phoneField(), TYPED_PHONE);
    await user.click(screen.getByRole("radio", { name: "10% ($1.30)" }));
    await user.click(await screen.findByRole("radio", { name: "Pick a day and time" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "Tomorrow");

    // The session ends (signed out elsewhere, expired): the page asks to sign in again.
    act(() => useSessionStore.getState().clearUser());
    expect(await screen.findByRole("heading", { name: "Sign in to check out" })).toBeInTheDocument();
    sessionAnswers(ACCOUNT_PHONE);

    expect(await screen.findByLabelText("Phone number")).toHaveValue(TYPED_PHONE);
    expect(within(tips()).getByRole("radio", { name: "10% ($1.30)" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Day" })).toHaveDisplayValue("Tomorrow");
    expect(screen.getByRole("combobox", { name: "Pickup slot" })).toHaveDisplayValue("9:00 AM");
  });

  it("forgets the tip and time once the order is placed, and keeps the phone for the next one", async () => {
    api(() => json({ order: placedOrder(), totalChanged: false } satisfies CreateOrderResponse, 201));
    const user = userEvent.setup();
    renderCheckout();
    await user.clear(await screen.findByLabelText("Phone number"));
    await user.type(phoneField(), TYPED_PHONE);
    await user.click(screen.getByRole("radio", { name: "15% ($1.95)" }));
    await user.click(await screen.findByRole("radio", { name: "Pick a day and time" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "Tomorrow");
    await user.click(screen.getByRole("button", { name: "Checkout" }));

    await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
    expect(useCartStore.getState().checkoutDetails).toEqual({
      phone: TYPED_PHONE,
      fulfilment: "pickup",
      street: "",
      zip: "",
    });
  });
});

describe("the pickup times say whose clock they are on", () => {
  it("names the shop's clock on a device set to another time zone, and says nothing more at home", async () => {
    api();
    deviceClockIn("America/Chicago");
    const { unmount } = renderCheckout();
    expect(await screen.findByTestId("pickup-clock")).toHaveTextContent("Times are Pacific Time, the shop's clock.");
    unmount();

    vi.restoreAllMocks();
    api();
    deviceClockIn(LA);
    renderCheckout();
    expect(await screen.findByRole("radio", { name: /As soon as possible/ })).toBeInTheDocument();
    expect(screen.queryByTestId("pickup-clock")).not.toBeInTheDocument();
  });
});

describe("kept checkout choices are outside input", () => {
  it("drops a kept time or tip that is not one of the page's choices, and keeps the rest", async () => {
    const phone = TYPED_PHONE;
    for (const [pickup, tip] of [
      [
        { mode: "slot", startsAt: "next tuesday" },
        { kind: "percent", percent: 99 },
      ],
      [{ mode: "drone" }, { kind: "custom", dollars: 5 }],
      ["asap", { kind: "custom", dollars: "9".repeat(500) }],
    ]) {
      // Cleared first: setting the store writes the browser's copy.
      useCartStore.setState({ checkoutDetails: null });
      localStorage.setItem(
        "squeeze:cart",
        JSON.stringify({
          state: { items: [], checkoutDetails: { phone, fulfilment: "pickup", street: "", zip: "", pickup, tip } },
          version: 1,
        }),
      );
      await useCartStore.persist.rehydrate();
      expect(useCartStore.getState().checkoutDetails).toEqual({ phone, fulfilment: "pickup", street: "", zip: "" });
    }
  });
});
