import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LocationSummary } from "#common/locations";
import { AppRoutes } from "#web/app/router";
import CheckoutPage from "#web/features/checkout/checkout-page";
import { FeedbackModal } from "#web/shared-features/feedback/feedback-modal";
import { clearLocalSession } from "#web/features/auth/api/logout";
import { cartLineId, useCartStore, type NewCartItem } from "#web/lib/cart-store";
import { SHOP_STORAGE_KEY, useShopChoice } from "#web/lib/shop-store";
import {
  categories,
  deviceClockIn,
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  sunriseOrange,
  termsAndDefinitions,
} from "./storefront-helpers";

// The shopper's side of several shops, against the API faked at fetch: the header's "Choose your
// shop", sorting by ZIP, the choice saved on the server, every read naming the shop, and a cart
// moved to another shop priced again there, with what it cannot make marked and blocking checkout.

function shop(id: string, name: string, overrides: Partial<LocationSummary> = {}): LocationSummary {
  return {
    id,
    slug: id.replace("loc-", ""),
    name,
    address: `1 Main St, ${name.replace("Squeeze ", "")}`,
    phone: "(714) 555-0100",
    latitude: 33.8,
    longitude: -117.9,
    timeZone: "America/Los_Angeles",
    openNow: true,
    todayHours: [{ opens: "07:00", closes: "19:00" }],
    nextOpening: null,
    closesAt: null,
    offersPickup: true,
    offersDelivery: true,
    ...overrides,
  };
}

const anaheim = shop("loc-anaheim", "Squeeze Anaheim");
const fullerton = shop("loc-fullerton", "Squeeze Fullerton", { todayHours: [{ opens: "08:00", closes: "18:00" }] });
const scottsdale = shop("loc-scottsdale", "Squeeze Scottsdale", {
  timeZone: "America/Phoenix",
  openNow: false,
  offersDelivery: false,
  nextOpening: "2026-11-27T14:15:00.000Z",
});
const THREE_SHOPS = [anaheim, fullerton, scottsdale];
const GUEST = { uid: "", username: "", email: "", phone: "", isAuthenticated: false };

function shopsApi(locations: LocationSummary[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/me": () => json(GUEST),
    "GET /api/store": () => json({}, 503),
    "GET /api/locations": ({ url }) => {
      const zip = new URL(url, "http://localhost").searchParams.get("zip");
      if (zip === "00000")
        return json({ error: { code: "zip_unknown", message: "Unknown ZIP code", field: "zip" } }, 404);
      if (zip)
        return json({
          locations: [
            { ...fullerton, distanceMiles: 1.2 },
            { ...anaheim, distanceMiles: 6.8 },
            { ...scottsdale, distanceMiles: 352 },
          ],
        });
      return json({ locations });
    },
    "PUT /api/shop-choice": () => new Response(null, { status: 204 }),
    "GET /api/categories": () => json(categories),
    "GET /api/categories/cat-fresh-juices/products": () => json([sunriseOrange]),
    ...extra,
  });
}

function renderApp(path = "/about") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

function line(name: string, size: string, priceCents: number): NewCartItem {
  return {
    id: cartLineId(name, size),
    productId: `prd-${name.toLowerCase().replace(/ /g, "-")}`,
    categoryId: "cat-fresh-juices",
    name,
    priceCents,
    size,
    quantity: 1,
    comment: "",
    image: "/images/drinks/x.svg",
  };
}

beforeEach(() => {
  resetStores();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const header = () => document.querySelector<HTMLElement>(".site-header")!;

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await within(header()).findByRole("button", { name: /Choose your shop/ }));
  return screen.findByRole("dialog", { name: "Choose your shop" });
}

describe("with one shop", () => {
  it("shows no picker anywhere and names no shop on any read", async () => {
    const { calls } = shopsApi([anaheim]);
    renderApp("/menu");
    expect(await screen.findByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith("/api/locations"))).toBe(true));
    await act(async () => undefined);
    expect(within(header()).queryByRole("button", { name: /shop/i })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes("location=")).map((call) => call.url)).toEqual([]);
  });
});

describe("choosing a shop", () => {
  it("lists each shop with today's hours, whether it is open on its own clock and a plain map link", async () => {
    shopsApi(THREE_SHOPS);
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    const cards = within(dialog).getAllByRole("article");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Squeeze Anaheim",
      "Squeeze Fullerton",
      "Squeeze Scottsdale",
    ]);
    const fullertonCard = within(dialog).getByRole("article", { name: "Squeeze Fullerton" });
    expect(fullertonCard).toHaveTextContent("Today 8:00 AM – 6:00 PM");
    expect(fullertonCard).toHaveTextContent("Open now");
    expect(within(dialog).getByRole("article", { name: "Squeeze Scottsdale" })).toHaveTextContent(/Closed now · opens/);
    const map = within(fullertonCard).getByRole("link", { name: /Map/ });
    expect(map.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Fullerton",
    );
  });

  it("sorts the shops by distance from a typed ZIP, and says when it does not know the ZIP", async () => {
    const { calls } = shopsApi(THREE_SHOPS);
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    await user.type(within(dialog).getByLabelText("Sort by distance from a ZIP code"), "00000");
    await user.click(within(dialog).getByRole("button", { name: "Sort" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("We don't know the ZIP code 00000.");

    await user.clear(within(dialog).getByLabelText("Sort by distance from a ZIP code"));
    await user.type(within(dialog).getByLabelText("Sort by distance from a ZIP code"), "92832");
    await user.click(within(dialog).getByRole("button", { name: "Sort" }));
    expect(await within(dialog).findByText("Nearest first from 92832")).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain("/api/locations?zip=92832");
    const cards = within(dialog).getAllByRole("article");
    expect(cards[0]).toHaveAccessibleName("Squeeze Fullerton");
    expect(cards[0]).toHaveTextContent("1.2 mi away");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Sort by distance from a ZIP code"));
    await user.type(within(dialog).getByLabelText("Sort by distance from a ZIP code"), "9283");
    await user.click(within(dialog).getByRole("button", { name: "Sort" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter a 5-digit ZIP code.");
  });

  it("sorts by the browser's location through our own API only", async () => {
    const { calls } = shopsApi(THREE_SHOPS);
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 33.87, longitude: -117.92 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, "geolocation", { configurable: true, value: { getCurrentPosition } });
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole("button", { name: "Use my location" }));
    expect(await within(dialog).findByText("Nearest first from your location")).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain("/api/locations?near=33.8700,-117.9200");
    expect(calls.every((call) => call.url.startsWith("/"))).toBe(true);
  });

  it("saves the choice on the server, names the shop in the header and on every read after", async () => {
    const { calls } = shopsApi(THREE_SHOPS);
    const user = userEvent.setup();
    renderApp("/menu");
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole("button", { name: "Choose this shop: Squeeze Fullerton" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose your shop" })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      url: "/api/shop-choice",
      body: { locationId: "loc-fullerton" },
    });
    expect(
      within(header()).getByRole("button", { name: "Your shop: Squeeze Fullerton. Choose your shop" }),
    ).toBeVisible();
    expect(JSON.parse(localStorage.getItem(SHOP_STORAGE_KEY) ?? "{}")).toMatchObject({
      state: { shopId: "loc-fullerton" },
    });
    // The menu is asked again, for Fullerton.
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/categories?location=loc-fullerton"));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/store?location=loc-fullerton"));
  });

  it("names the chosen shop even when the first request for the shops is dropped", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    shopsApi(THREE_SHOPS, {
      "GET /api/locations": () => {
        answers += 1;
        return answers < 3 ? json({ error: { code: "x", message: "Down" } }, 503) : json({ locations: THREE_SHOPS });
      },
    });
    useShopChoice.setState({ shopId: "loc-fullerton" });
    try {
      renderApp("/menu");
      await waitFor(() => expect(answers).toBe(1));
      // Asked again by itself, later each time: after 1 s, then after 2 s more.
      await act(async () => void vi.advanceTimersByTime(1_000));
      await waitFor(() => expect(answers).toBe(2));
      await act(async () => void vi.advanceTimersByTime(2_000));
      expect(await within(header()).findByRole("button", { name: /^Your shop: Squeeze Fullerton/ })).toBeVisible();
      expect(answers).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not ask again for the shops after a client error, which asking again would not mend", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    shopsApi(THREE_SHOPS, {
      "GET /api/locations": () => {
        answers += 1;
        return json({ error: { code: "invalid_input", message: "Bad request" } }, 400);
      },
    });
    try {
      renderApp("/menu");
      await waitFor(() => expect(answers).toBe(1));
      await act(async () => void vi.advanceTimersByTime(5_000));
      expect(answers).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the shop when the server refuses one that does not take online orders, and says why", async () => {
    shopsApi(THREE_SHOPS, {
      "PUT /api/shop-choice": () =>
        json({ error: { code: "location_not_online", message: "This shop does not take online orders." } }, 409),
    });
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole("button", { name: "Choose this shop: Squeeze Scottsdale" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Squeeze Scottsdale is not taking online orders right now. Choose another shop.",
    );
    expect(useShopChoice.getState().shopId).toBeNull();
  });
});

describe("a cart moved to another shop", () => {
  it("is priced again there, marks what that shop cannot make and blocks checkout until it is removed", async () => {
    const { calls } = shopsApi(THREE_SHOPS, {
      "GET /api/me": () => json(signedInUser),
      "POST /api/cart-prices": () => json({ lines: [{ unitPriceCents: 649 }, { unavailable: "not_sold" }] }),
    });
    signInAs();
    useCartStore.getState().addItem(line("Sunrise Orange", "small", 599));
    useCartStore.getState().addItem(line("Berry Blast", "large", 799));
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole("button", { name: "Choose this shop: Squeeze Scottsdale" }));
    await waitFor(() => expect(useCartStore.getState().shopId).toBe("loc-scottsdale"));
    expect(calls.find((call) => call.url === "/api/cart-prices")?.body).toEqual({
      locationId: "loc-scottsdale",
      lines: [
        { productId: "prd-sunrise-orange", size: "small", optionIds: [] },
        { productId: "prd-berry-blast", size: "large", optionIds: [] },
      ],
    });

    await user.click(within(header()).getByRole("button", { name: "Cart, 2 items" }));
    const cart = await screen.findByRole("dialog", { name: "Cart" }, { timeout: 4000 });
    expect(within(cart).getByTestId("cart-shop")).toHaveTextContent("Your shop: Squeeze Scottsdale");
    const notice = within(cart).getByTestId("cart-shop-notice");
    expect(notice).toHaveTextContent("Your cart is now at Squeeze Scottsdale");
    expect(notice).toHaveTextContent("Sunrise Orange (Small) is $6.49 at Squeeze Scottsdale (was $5.99).");
    expect(notice).toHaveTextContent("Berry Blast (Large): Not sold at Squeeze Scottsdale: remove it to continue.");
    expect(within(cart).getByTestId("line-unavailable")).toHaveTextContent("Not sold at Squeeze Scottsdale");
    expect(within(cart).getByTestId("cart-total")).toHaveTextContent("$14.48");
    expect(within(cart).getByRole("button", { name: "Checkout" })).toBeDisabled();

    await user.click(within(cart).getByRole("button", { name: "Remove Berry Blast (Large) from cart" }));
    expect(within(cart).getByRole("button", { name: "Checkout" })).toBeEnabled();
    expect(within(cart).getByTestId("cart-total")).toHaveTextContent("$6.49");
    expect(useCartStore.getState().items.map((item) => [item.name, item.priceCents])).toEqual([
      ["Sunrise Orange", 649],
    ]);
  });

  it("says so when it cannot be priced at the new shop, and keeps every line", async () => {
    shopsApi(THREE_SHOPS, {
      "GET /api/me": () => json(signedInUser),
      "POST /api/cart-prices": () => json({ error: { code: "x", message: "Down" } }, 503),
    });
    signInAs();
    useCartStore.getState().addItem(line("Sunrise Orange", "small", 599));
    const user = userEvent.setup();
    renderApp();
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole("button", { name: "Choose this shop: Squeeze Fullerton" }));
    await user.click(await within(header()).findByRole("button", { name: "Cart, 1 item" }));
    const cart = await screen.findByRole("dialog", { name: "Cart" }, { timeout: 4000 });
    expect(await within(cart).findByTestId("cart-shop-notice")).toHaveTextContent(
      "We could not check your cart's prices at Squeeze Fullerton.",
    );
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(useCartStore.getState().shopId).not.toBe("loc-fullerton");
  });
});

describe("the account's shop", () => {
  it("comes back at sign-in, and logout forgets it with the rest of the stored state", async () => {
    const { calls } = shopsApi(THREE_SHOPS, {
      "GET /api/me": () => json({ ...signedInUser, shopId: "loc-scottsdale" }),
    });
    renderApp();
    await waitFor(() => expect(useShopChoice.getState().shopId).toBe("loc-scottsdale"));
    expect(
      await within(header()).findByRole("button", { name: "Your shop: Squeeze Scottsdale. Choose your shop" }),
    ).toBeVisible();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain("/api/store?location=loc-scottsdale"));

    act(() => clearLocalSession());
    expect(useShopChoice.getState().shopId).toBeNull();
    expect(localStorage.getItem(SHOP_STORAGE_KEY)).toBeNull();
    expect(await within(header()).findByRole("button", { name: "Choose your shop" })).toBeVisible();
  });
});

describe("the checkout of a cart moved to another shop", () => {
  it("marks the line that shop cannot make, sends nothing until it is removed, then orders at that shop", async () => {
    signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
    useShopChoice.setState({ shopId: "loc-scottsdale" });
    useCartStore.setState({
      shopId: "loc-scottsdale",
      items: [
        { ...line("Sunrise Orange", "small", 649), quantity: 1 },
        { ...line("Berry Blast", "large", 799), quantity: 1, unavailable: "sold_out" },
      ],
    });
    const { calls } = shopsApi(THREE_SHOPS, {
      "GET /api/me": () => json(signedInUser),
      "POST /api/orders": () =>
        json(
          {
            order: {
              id: "4f9c2b1e-0000-4000-8000-000000000001",
              status: "received",
              paymentMode: "pay_on_pickup",
              paymentState: "not_required",
              cancelReason: null,
              totalCents: 649,
              fulfilment: "pickup",
              fulfilmentAddress: scottsdale.address,
              deliveryFeeCents: 0,
              tipCents: 0,
              discountCents: 0,
              discounts: [],
              stampsEarned: 0,
              createdAt: "2026-11-27T13:00:00.000Z",
              updatedAt: "2026-11-27T13:00:00.000Z",
              itemCount: 1,
              lines: [],
              pickup: { mode: "slot", at: "2026-11-27T14:15:00.000Z", timeZone: "America/Phoenix" },
            },
            totalChanged: false,
          },
          201,
        ),
    });
    deviceClockIn("America/Los_Angeles");
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          element: (
            <>
              <Outlet />
              <FeedbackModal />
            </>
          ),
          children: [{ path: "/checkout", element: <CheckoutPage /> }],
        },
      ],
      "/checkout",
    );

    expect(await screen.findByTestId("cart-shop")).toHaveTextContent("Your shop: Squeeze Scottsdale");
    expect(screen.getByTestId("cart-shop-notice")).toHaveTextContent(
      "Squeeze Scottsdale cannot make some of these drinks. Remove the marked drinks to check out.",
    );
    expect(screen.getByText("Sold out at Squeeze Scottsdale: remove it to continue")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(calls.some((call) => call.url === "/api/orders")).toBe(false);
    expect(screen.getByRole("button", { name: "Remove Berry Blast (Large)" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Remove Berry Blast (Large)" }));
    expect(screen.queryByTestId("cart-shop-notice")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(calls.some((call) => call.url === "/api/orders")).toBe(true));
    expect(calls.find((call) => call.url === "/api/orders")?.body).toMatchObject({ locationId: "loc-scottsdale" });
    // The success modal names the shop, and the pickup time on Scottsdale's clock (Los Angeles reads 6:15).
    const modal = await screen.findByRole("dialog", { name: "Success!" });
    expect(termsAndDefinitions(modal)).toContainEqual(["Shop", "Squeeze Scottsdale"]);
    expect(termsAndDefinitions(modal)).toContainEqual(["Pickup", "7:15 AM Scottsdale time"]);
  });
});

describe("a saved cart", () => {
  it("keeps its shop and each line's mark across a reload, and drops a mark that is not one", async () => {
    const saved = (unavailable: unknown) => ({
      state: {
        items: [{ ...line("Berry Blast", "large", 799), unavailable }],
        checkoutDetails: null,
        shopId: "loc-scottsdale",
      },
      version: 1,
    });
    localStorage.setItem("squeeze:cart", JSON.stringify(saved("not_sold")));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().shopId).toBe("loc-scottsdale");
    expect(useCartStore.getState().items[0]?.unavailable).toBe("not_sold");

    localStorage.setItem("squeeze:cart", JSON.stringify(saved("<img src=x>")));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(useCartStore.getState().items[0]).not.toHaveProperty("unavailable");
  });
});

describe("the shops page", () => {
  it("says when the shops cannot be loaded, and tries again", async () => {
    let down = true;
    shopsApi(THREE_SHOPS, {
      "GET /api/locations": () =>
        down ? json({ error: { code: "x", message: "Down" } }, 503) : json({ locations: THREE_SHOPS }),
    });
    const user = userEvent.setup();
    renderApp("/locations");
    expect(await screen.findByRole("heading", { level: 1, name: "Our shops" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load our shops.");
    down = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Squeeze Scottsdale" })).toHaveAttribute(
      "href",
      "/locations/scottsdale",
    );
  });
});
