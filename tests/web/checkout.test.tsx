import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { onlineManager } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderResponse, Order } from "#common/orders";
import { FeedbackModal } from "#web/shared-features/feedback/feedback-modal";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import { AuthModal } from "#web/features/auth/auth-modal";
import { useSessionStore } from "#web/lib/session-store";
import { cartLineId, useCartStore, type CartItem } from "#web/lib/cart-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
// The success modal loads "Tell me when it's ready" when it opens; loaded here ahead, as a browser
// would have it by then, so the 300 ms before the menu are the page's, not the test runner's.
import "#web/shared-features/ready-notifications/ready-notifications";
import { goToPaymentPage } from "#web/features/checkout/payment-redirect";
import {
  deviceClockIn,
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  termsAndDefinitions,
} from "./storefront-helpers";
import { shopperOrder } from "./order-fixtures";

vi.mock("#web/features/checkout/payment-redirect", () => ({ goToPaymentPage: vi.fn() }));

const sunrise: CartItem = {
  id: cartLineId("Sunrise Orange", "medium", "less ice"),
  productId: "prd-sunrise-orange",
  categoryId: "cat-fresh-juices",
  name: "Sunrise Orange",
  priceCents: 649,
  size: "medium",
  quantity: 2,
  comment: "less ice",
  image: "/images/drinks/sunrise-orange.svg",
};
const charcoal: CartItem = {
  id: cartLineId("Charcoal Lemon", "default"),
  productId: "prd-charcoal-lemonade",
  categoryId: "cat-green-detox",
  name: "Charcoal Lemon",
  priceCents: 699,
  size: "default",
  quantity: 1,
  comment: "",
  image: "/images/drinks/charcoal-lemonade.svg",
};
const PHONE = "+1 714 555 0100";
const LA = "America/Los_Angeles";
const ORDER_ID = "4f9c2b1e-0000-4000-8000-000000000001";

/** The order the API answers for the cart: a pickup of three drinks, $19.97. */
const placedOrder = (overrides: Partial<Order> = {}): Order => shopperOrder(overrides);

function renderCheckout(path = "/checkout") {
  return renderRoutes(
    [
      {
        // As in the app, the modal sits in the layout, inside the router: it links to the order.
        element: (
          <>
            <Outlet />
            <FeedbackModal />
            <AuthModal />
          </>
        ),
        children: [
          { path: "/checkout", element: <CheckoutPage /> },
          { path: "/menu", element: <h1>Menu</h1> },
          { path: "/orders/:id", element: <h1>Your order</h1> },
        ],
      },
    ],
    path,
  );
}

function fillCart(items: CartItem[] = [sunrise, charcoal]) {
  useCartStore.setState({ items });
}

function orderCalls(spy: ReturnType<typeof mockApi>["spy"]) {
  return spy.mock.calls
    .filter(([input, init]) => String(input).endsWith("/api/orders") && init?.method === "POST")
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      idempotencyKey: new Headers(init?.headers).get("Idempotency-Key"),
    }));
}

beforeEach(() => {
  resetStores();
  useFeedbackStore.getState().hide();
  vi.mocked(goToPaymentPage).mockReset();
});

afterEach(() => {
  act(() => toast.remove());
  vi.restoreAllMocks();
});

describe("checkout page", () => {
  it("shows the order summary with quantity change, remove and a total with 2 decimals", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({});
    const user = userEvent.setup();
    renderCheckout();

    expect(await screen.findByTestId("checkout-total")).toHaveTextContent("$19.97");
    expect(screen.getByRole("heading", { name: "Checkout", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("“less ice”")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number")).toHaveValue(PHONE);

    await user.click(screen.getByRole("button", { name: "Increase quantity of Sunrise Orange (Medium, “less ice”)" }));
    expect(screen.getByLabelText("Quantity of Sunrise Orange (Medium, “less ice”)")).toHaveTextContent("3");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$26.46");
    expect(screen.getByRole("button", { name: "Decrease quantity of Charcoal Lemon (One size)" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Remove Charcoal Lemon (One size)" }));
    expect(screen.queryByText("Charcoal Lemon")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.47");
  });

  it("places the order: loading, then toast, success modal, cart cleared, phone kept, back to the menu after 300 ms", async () => {
    deviceClockIn(LA);
    signInAs({ ...signedInUser, phone: "" });
    fillCart();
    let answer!: (response: Response) => void;
    const { spy } = mockApi({
      "POST /api/orders": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { router } = renderCheckout();
    // Every navigation, as it happens: a loaded machine may be slower than the 300 ms below.
    const navigations: string[] = [];
    const stopListening = router.subscribe((state) =>
      navigations.push(`${state.historyAction} ${state.location.pathname}`),
    );

    await user.type(await screen.findByLabelText("Phone number"), PHONE);
    await user.click(screen.getByRole("button", { name: "Checkout" }));

    // Loading while the order is sent.
    expect(await screen.findByText("Processing... please wait")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
    const [sent] = orderCalls(spy);
    expect(sent?.body).toEqual({
      lines: [
        { productId: "prd-sunrise-orange", size: "medium", quantity: 2, note: "less ice" },
        { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, note: "" },
      ],
      phone: PHONE,
      fulfilment: "pickup",
      displayedTotalCents: 1997,
      pickup: { mode: "asap" },
    });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await act(async () =>
      answer(
        json(
          {
            order: placedOrder({ pickup: { mode: "asap", at: "2025-06-01T19:30:00.000Z", timeZone: LA } }),
            totalChanged: false,
          } satisfies CreateOrderResponse,
          201,
        ),
      ),
    );

    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText("Success!")).toBeInTheDocument();
    expect(
      within(modal).getByText("Your order is placed, We will contact you as soon as possible."),
    ).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Thanks" })).toBeInTheDocument();
    // When and where, after the spec's words: not a call to wait for.
    expect(
      within(modal).getByText(
        "Pick it up at 512 South Brookhurst St #4, Anaheim, CA 92804 from around 12:30 PM. We will contact you by e-mail when it is ready, and call only if there is a question about your order.",
      ),
    ).toBeInTheDocument();
    // The order's number, total, payment, place and time, and a way to it.
    const facts = termsAndDefinitions(modal);
    expect(facts).toEqual([
      ["Order", "#4F9C2B1E"],
      ["Total", "$19.97"],
      ["Payment", "Pay on pickup"],
      ["Pickup at", "512 South Brookhurst St #4, Anaheim, CA 92804"],
      ["Pickup", "As soon as possible (ready around 12:30 PM)"],
    ]);
    expect(within(modal).getByRole("link", { name: "View order" })).toHaveAttribute(
      "href",
      "/orders/4f9c2b1e-0000-4000-8000-000000000001",
    );
    expect(screen.queryByText("Processing... please wait")).not.toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useSessionStore.getState().user.phone).toBe(PHONE);

    // Then on to the menu (the 300 ms themselves are timed below, on a fake clock), and only
    // then: the emptied cart never bounced the placed order's page away.
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
    stopListening();
    expect(navigations).toEqual(["PUSH /menu"]);
  });

  it("on failure stops loading, shows 'Unexpected error during payment.' and keeps the cart", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    const { spy } = mockApi({
      "POST /api/orders": () =>
        json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500),
    });
    const user = userEvent.setup();
    const { router } = renderCheckout();

    await user.click(await screen.findByRole("button", { name: "Checkout" }));

    expect(await screen.findByText("Unexpected error during payment.")).toBeInTheDocument();
    expect(screen.queryByText("Processing... please wait")).not.toBeInTheDocument();
    expect(screen.queryByText("Success! Your order is placed")).not.toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
    expect(router.state.location.pathname).toBe("/checkout");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeEnabled();

    // Trying again is the same attempt: the same Idempotency-Key, so never two orders.
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(orderCalls(spy)).toHaveLength(2));
    const [first, second] = orderCalls(spy);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it("shows why a line was refused under that line, without the error toast", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({
      "POST /api/orders": () =>
        json(
          {
            error: {
              code: "item_unavailable",
              message: "Line 2: this drink is no longer on the menu. Remove it from your cart to continue.",
              field: "lines.1.productId",
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    const problem = await screen.findByText(
      "This drink is no longer on the menu. Remove it from your cart to continue.",
    );
    expect(problem).toHaveAttribute("role", "alert");
    expect(problem.closest("li")).toHaveTextContent(useCartStore.getState().items[1]!.name);
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("says how the order will be paid before the button, with the amount", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    let accepts = "on_pickup";
    let answerShop = () => {};
    const shopHeld = new Promise<void>((resolve) => (answerShop = resolve));
    mockApi({
      "GET /api/payment-methods": async () => {
        await shopHeld;
        return json({ accepts });
      },
      "GET /api/delivery-area": () =>
        json({ pickupAddress: "512 South Brookhurst St #4", deliveryFeeCents: 399, zipCodes: [] }),
    });
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    // The line holds its place, empty and hidden from screen readers, until the shop's answer.
    expect(await screen.findByTestId("checkout-payment")).toHaveAttribute("aria-hidden", "true");
    answerShop();
    expect(await screen.findByText("You'll pay $19.97 at pickup.")).not.toHaveAttribute("aria-hidden");
    await user.click(await screen.findByRole("radio", { name: /Delivery/ }));
    expect(screen.getByTestId("checkout-payment")).toHaveTextContent("You'll pay $23.96 at the door.");
    unmount();

    accepts = "card";
    renderCheckout();
    expect(await screen.findByText("You'll pay $23.96 by card on the next page.")).toBeInTheDocument();
  });

  it("keeps what was typed across a reload and a failed attempt, with the cart", async () => {
    signInAs({ ...signedInUser, phone: "" });
    fillCart();
    mockApi({
      "GET /api/delivery-area": () =>
        json({
          pickupAddress: "512 South Brookhurst St #4",
          deliveryFeeCents: 399,
          zipCodes: [{ zip: "92805", city: "Anaheim" }],
        }),
      "POST /api/orders": () => json({ error: { code: "internal_error", message: "Something went wrong." } }, 500),
    });
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    await user.type(await screen.findByLabelText("Phone number"), PHONE);
    await user.click(screen.getByRole("radio", { name: /Delivery/ }));
    await user.type(screen.getByLabelText("Street address"), "1200 W Lincoln Ave");
    await user.type(screen.getByLabelText("ZIP code"), "92805");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Unexpected error during payment.")).toBeInTheDocument();
    expect(screen.getByLabelText("Street address")).toHaveValue("1200 W Lincoln Ave");
    unmount();

    // A reload: the store starts empty and reads what the browser kept.
    const kept = localStorage.getItem("squeeze:cart");
    expect(kept).toContain("1200 W Lincoln Ave");
    useCartStore.setState({ items: [], checkoutDetails: null });
    localStorage.setItem("squeeze:cart", kept!);
    await useCartStore.persist.rehydrate();
    renderCheckout();
    expect(await screen.findByLabelText("Phone number")).toHaveValue(PHONE);
    expect(screen.getByRole("radio", { name: /Delivery/ })).toBeChecked();
    expect(screen.getByLabelText("Street address")).toHaveValue("1200 W Lincoln Ave");
    expect(screen.getByLabelText("ZIP code")).toHaveValue("92805");
  });

  it("ignores kept checkout details that are not what the page wrote", async () => {
    for (const checkoutDetails of [
      { phone: PHONE, fulfilment: "drone", street: "", zip: "" },
      { phone: 7145550100, fulfilment: "pickup", street: "", zip: "" },
      { phone: PHONE, fulfilment: "pickup", street: "x".repeat(5000), zip: "" },
      "pickup",
    ]) {
      // Cleared first: setting the store writes the browser's copy.
      useCartStore.setState({ checkoutDetails: null });
      localStorage.setItem("squeeze:cart", JSON.stringify({ state: { items: [], checkoutDetails }, version: 1 }));
      await useCartStore.persist.rehydrate();
      expect(useCartStore.getState().checkoutDetails).toBeNull();
    }
  });

  it("when the shop cannot be reached: says the order was not sent, at the button, without the error toast", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    let reachable = false;
    const { spy } = mockApi({
      "POST /api/orders": () => {
        if (!reachable) throw new TypeError("Failed to fetch");
        return json({ order: placedOrder(), totalChanged: false } satisfies CreateOrderResponse);
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    expect(
      await screen.findByText(
        "We could not reach the shop, so your order has not been sent. Check your connection and press Checkout again.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(screen.queryByText("Processing... please wait")).not.toBeInTheDocument();

    reachable = true;
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    const [first, second] = orderCalls(spy);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it("offline: says the order has not been sent yet instead of spinning, and sends it once when back online", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    const { spy } = mockApi({
      "POST /api/orders": () => json({ order: placedOrder(), totalChanged: false } satisfies CreateOrderResponse),
    });
    const user = userEvent.setup();
    renderCheckout();
    const checkout = await screen.findByRole("button", { name: "Checkout" });
    onlineManager.setOnline(false);
    try {
      await user.click(checkout);
      expect(
        await screen.findByText(
          "You are offline, so your order has not been sent yet. It will be sent once, as soon as you are back online.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText("Processing... please wait")).not.toBeInTheDocument();
      expect(orderCalls(spy)).toHaveLength(0);
      expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    expect(orderCalls(spy)).toHaveLength(1);
  });

  it("requires the phone, with the message beneath the field, and sends nothing", async () => {
    signInAs({ ...signedInUser, phone: "" });
    fillCart();
    const { spy } = mockApi({});
    const user = userEvent.setup();
    renderCheckout();

    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    const error = await screen.findByText("Phone number is required");
    expect(screen.getByLabelText("Phone number")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Phone number")).toHaveAttribute("aria-describedby", error.id);
    expect(orderCalls(spy)).toHaveLength(0);

    // Re-validated as the shopper types.
    await user.type(screen.getByLabelText("Phone number"), PHONE);
    await waitFor(() => expect(screen.queryByText("Phone number is required")).not.toBeInTheDocument());
  });

  it("delivery: asks for a street and a 5-digit ZIP, adds the area's fee, sends the address and shows a ZIP outside the area under the field", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    let refuseZip = true;
    const { spy } = mockApi({
      "GET /api/delivery-area": () =>
        json({
          pickupAddress: "512 South Brookhurst St #4, Anaheim, CA 92804",
          deliveryFeeCents: 399,
          zipCodes: [
            { zip: "92805", city: "Anaheim" },
            { zip: "92807", city: "Anaheim" },
          ],
        }),
      "POST /api/orders": () =>
        refuseZip
          ? json(
              {
                error: {
                  code: "outside_delivery_area",
                  field: "zip",
                  message: "zip: We do not deliver to 92807 yet. Choose pickup, or an address in our delivery area.",
                },
              },
              422,
            )
          : json({
              order: placedOrder({
                fulfilment: "delivery",
                fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805",
                deliveryFeeCents: 399,
                tipCents: 0,
                totalCents: 2396,
              }),
              totalChanged: false,
            } satisfies CreateOrderResponse),
    });
    const user = userEvent.setup();
    renderCheckout();

    // Pickup by default, at the shop's address; no fee.
    expect(await screen.findByRole("radio", { name: "Pickup" })).toBeChecked();
    expect(await screen.findByTestId("pickup-address")).toHaveTextContent("512 South Brookhurst St #4");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");

    await user.click(screen.getByRole("radio", { name: /Delivery · \$3\.99/ }));
    expect(screen.getByTestId("checkout-delivery-fee")).toHaveTextContent("$3.99");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$23.96");

    // Missing street, malformed ZIP: said beneath each field, nothing sent.
    await user.type(screen.getByLabelText("ZIP code"), "928");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Enter the street address to deliver to")).toBeInTheDocument();
    expect(screen.getByText("Enter a 5-digit ZIP code")).toBeInTheDocument();
    expect(screen.getByLabelText("Street address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("ZIP code")).toHaveAttribute("aria-invalid", "true");
    expect(orderCalls(spy)).toHaveLength(0);

    // A ZIP outside the area the page lists: said under the field as it is typed; nothing is sent.
    await user.type(screen.getByLabelText("Street address"), "1200 W Lincoln Ave");
    await user.clear(screen.getByLabelText("ZIP code"));
    await user.type(screen.getByLabelText("ZIP code"), "92806");
    expect(
      await screen.findByText("We do not deliver to 92806 yet. Choose pickup, or an address in our delivery area."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("ZIP code")).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(screen.getByLabelText("ZIP code")).toHaveFocus());
    expect(orderCalls(spy)).toHaveLength(0);

    // The area changed since the page loaded: the server's refusal goes under the same field, no toast.
    await user.clear(screen.getByLabelText("ZIP code"));
    await user.type(screen.getByLabelText("ZIP code"), "92807");
    expect(screen.queryByText(/We do not deliver to/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText(/We do not deliver to 92807 yet/)).toBeInTheDocument();
    expect(screen.getByLabelText("ZIP code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(orderCalls(spy)[0]!.body).toMatchObject({
      fulfilment: "delivery",
      street: "1200 W Lincoln Ave",
      zip: "92807",
      displayedTotalCents: 2396,
    });

    refuseZip = false;
    await user.clear(screen.getByLabelText("ZIP code"));
    await user.type(screen.getByLabelText("ZIP code"), "92805");
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(orderCalls(spy)).toHaveLength(2));
    expect(orderCalls(spy)[1]!.body).toMatchObject({ fulfilment: "delivery", zip: "92805" });
  });

  it("sends an empty cart to the menu, replacing the history entry", async () => {
    signInAs();
    mockApi({});
    const { router } = renderCheckout();
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows the server's total when prices changed", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({
      "POST /api/orders": () => json({ order: placedOrder({ totalCents: 2147 }), totalChanged: true }, 201),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    expect(await screen.findByTestId("placed-total")).toHaveTextContent("$21.47");
    expect(screen.getByText(/Your total is \$21\.47/)).toBeInTheDocument();
  });

  it("goes to Stripe when the server answers a payment URL, keeping the cart until the shopper returns", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({
      "POST /api/orders": () =>
        json(
          {
            order: placedOrder({ status: "received", paymentMode: "stripe", paymentState: "pending" }),
            paymentUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
            totalChanged: false,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
    expect(useCartStore.getState().items).toHaveLength(2);
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
  });

  it("back from Stripe with payment=success: the same success outcome, and the modal fills in the paid order", async () => {
    deviceClockIn(LA);
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    let answer!: (response: Response) => void;
    const { calls } = mockApi({
      [`GET /api/orders/${ORDER_ID}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { router } = renderCheckout(`/checkout?payment=success&order=${ORDER_ID}`);
    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    const modal = await screen.findByRole("dialog");
    expect(useCartStore.getState().items).toEqual([]);

    // While the order loads: the spec's texts, its number (from its id) and the way to it.
    expect(within(modal).getByText("Success!")).toBeInTheDocument();
    expect(
      within(modal).getByText("Your order is placed, We will contact you as soon as possible."),
    ).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Thanks" })).toBeInTheDocument();
    expect(within(modal).getByText("Loading your order's details…")).toBeInTheDocument();
    expect(within(modal).getByRole("link", { name: "View order" })).toHaveAttribute("href", `/orders/${ORDER_ID}`);
    expect(calls.filter((call) => call.url.endsWith(`/api/orders/${ORDER_ID}`))).toHaveLength(1);

    // The spec's return to the menu does not wait for it; the modal stays and fills in.
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
    await act(async () =>
      answer(
        json({
          order: placedOrder({
            paymentMode: "stripe",
            paymentState: "paid",
            fulfilment: "delivery",
            fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805",
            deliveryFeeCents: 399,
            tipCents: 0,
            totalCents: 2396,
            pickup: { mode: "asap", at: "2025-06-01T19:30:00.000Z", timeZone: LA },
          }),
        }),
      ),
    );
    await waitFor(() => expect(within(modal).getAllByRole("term").length).toBeGreaterThan(1));
    const facts = termsAndDefinitions(modal);
    expect(facts).toEqual([
      ["Order", "#4F9C2B1E"],
      ["Total", "$23.96"],
      ["Payment", "Paid by card"],
      ["Deliver to", "1200 W Lincoln Ave, Anaheim, CA 92805"],
      ["Delivery", "Within 60-90 minutes (leaves the shop around 12:30 PM)"],
    ]);
    expect(
      within(modal).getByText(
        "We deliver it to 1200 W Lincoln Ave, Anaheim, CA 92805 within 60-90 minutes. We will contact you by e-mail when it is ready, and call only if there is a question about your order.",
      ),
    ).toBeInTheDocument();
    expect(within(modal).queryByText("Loading your order's details…")).not.toBeInTheDocument();
    expect(
      within(modal).getByText("Your order is placed, We will contact you as soon as possible."),
    ).toBeInTheDocument();
    expect(within(modal).getByRole("link", { name: "View order" })).toHaveAttribute("href", `/orders/${ORDER_ID}`);
  });

  it("back from Stripe, when the order cannot be loaded: says so and still offers View order", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: () =>
        json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500),
    });
    const user = userEvent.setup();
    const { router } = renderCheckout(`/checkout?payment=success&order=${ORDER_ID}`);
    const modal = await screen.findByRole("dialog");
    expect(
      await within(modal).findByText("Your order's details could not be loaded just now. View order shows them."),
    ).toBeInTheDocument();
    expect(
      within(modal).getByText("Your order is placed, We will contact you as soon as possible."),
    ).toBeInTheDocument();
    expect(within(modal).queryByText("Loading your order's details…")).not.toBeInTheDocument();
    await user.click(within(modal).getByRole("link", { name: "View order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
  });

  it("back from Stripe with an order id it cannot use: the spec's success, and nothing looked up", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    const { calls } = mockApi({});
    const { router } = renderCheckout("/checkout?payment=success&order=..%2Fme");
    const modal = await screen.findByRole("dialog");
    expect(
      within(modal).getByText("Your order is placed, We will contact you as soon as possible."),
    ).toBeInTheDocument();
    expect(within(modal).queryByRole("link", { name: "View order" })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
    expect(calls.filter((call) => call.url.includes("/api/orders"))).toHaveLength(0);
  });

  it("back from Stripe with payment=cancelled: a clear message and the cart kept", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    const { calls } = mockApi({});
    const { router } = renderCheckout("/checkout?payment=cancelled&order=abc");
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText("Payment cancelled")).toBeInTheDocument();
    expect(within(modal).getByText(/Your card was not charged and your cart is still here/)).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
    expect(router.state.location.pathname).toBe("/checkout");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeInTheDocument();
    // The unpaid order is released at once, so it holds nothing the next attempt needs.
    const release = calls.filter(
      (call) => call.method === "POST" && call.url.endsWith("/api/orders/abc/payment/cancel"),
    );
    expect(release).toHaveLength(1);
  });

  it("tells a guest who opens checkout to sign in and opens the sign-in modal, instead of sending them away", async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderCheckout();
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sign in to check out" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Welcome" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
  });

  it("opens the order placed from the success modal's View order", async () => {
    signInAs();
    fillCart();
    mockApi({
      "POST /api/orders": () =>
        json({ order: placedOrder({ paymentState: "not_required" }), totalChanged: false }, 201),
    });
    const user = userEvent.setup();
    const { router } = renderCheckout();
    await user.type(await screen.findByLabelText("Phone number"), PHONE);
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await user.click(await screen.findByRole("link", { name: "View order" }));
    expect(await screen.findByRole("heading", { name: "Your order" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders/4f9c2b1e-0000-4000-8000-000000000001");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The move back to the menu does not follow the shopper to their order.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.pathname).toBe("/orders/4f9c2b1e-0000-4000-8000-000000000001");
  });
});

describe("View order in the success modal, around the spec's return to the menu after 300 ms", () => {
  let loadOrderPage!: () => void;

  /** As in the app, the order page is a chunk of its own: following the link takes a moment. */
  function renderWithOrderPageToLoad() {
    const orderPageLoaded = new Promise<void>((resolve) => (loadOrderPage = resolve));
    return renderRoutes(
      [
        {
          element: (
            <>
              <Outlet />
              <FeedbackModal />
            </>
          ),
          children: [
            { path: "/checkout", element: <CheckoutPage /> },
            { path: "/menu", element: <h1>Menu</h1> },
            {
              path: "/orders/:id",
              lazy: async () => {
                await orderPageLoaded;
                return { element: <h1>Your order</h1> };
              },
            },
          ],
        },
      ],
      `/checkout?payment=success&order=${ORDER_ID}`,
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({ [`GET /api/orders/${ORDER_ID}`]: () => json({ order: placedOrder() }) });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("a shopper who does nothing is back on the menu at 300 ms, the modal still open", () => {
    const { router } = renderWithOrderPageToLoad();
    expect(screen.getByRole("link", { name: "View order" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(299));
    expect(router.state.location.pathname).toBe("/checkout");
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe("/menu");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a tap on View order just before 300 ms opens the order, never the menu", async () => {
    const { router } = renderWithOrderPageToLoad();
    const viewOrder = screen.getByRole("link", { name: "View order" });

    act(() => vi.advanceTimersByTime(290));
    fireEvent.pointerDown(viewOrder);
    act(() => vi.advanceTimersByTime(5));
    fireEvent.click(viewOrder);
    // The 300 ms pass while the order page is still loading.
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).not.toBe("/menu");

    await act(async () => {
      loadOrderPage();
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
    expect(screen.getByRole("heading", { name: "Your order" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
  });

  it("View order opened from the keyboard at the 300 ms mark still opens the order", async () => {
    const { router } = renderWithOrderPageToLoad();
    act(() => vi.advanceTimersByTime(299));
    // Enter on a focused link is a click without a pointer.
    fireEvent.click(screen.getByRole("link", { name: "View order" }));
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).not.toBe("/menu");
    await act(async () => {
      loadOrderPage();
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
  });

  it("a shopper who reached for View order but closed the modal with Thanks goes back to the menu", () => {
    const { router } = renderWithOrderPageToLoad();
    act(() => vi.advanceTimersByTime(100));
    fireEvent.focus(screen.getByRole("link", { name: "View order" }));
    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe("/checkout");

    fireEvent.click(screen.getByRole("button", { name: "Thanks" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/menu");
  });
});
