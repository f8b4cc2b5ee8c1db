import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderResponse, Order } from "../../common/forms/checkout";
import { FeedbackModal } from "../../web/components/feedback/feedback-modal";
import { useFeedbackStore } from "../../web/components/feedback/feedback-store";
import { useSessionStore } from "../../web/features/auth/session-store";
import { cartLineId, useCartStore, type CartItem } from "../../web/features/cart/cart-store";
import CheckoutPage from "../../web/features/checkout/checkout-page";
import { goToPaymentPage } from "../../web/features/checkout/payment-redirect";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

vi.mock("../../web/features/checkout/payment-redirect", () => ({ goToPaymentPage: vi.fn() }));

const sunrise: CartItem = {
  id: cartLineId("Sunrise Orange", "medium"),
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

function placedOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "4f9c2b1e-0000-4000-8000-000000000001",
    status: "placed",
    paymentMode: "pay_on_pickup",
    totalCents: 1997,
    createdAt: "2025-06-01T12:00:00.000Z",
    itemCount: 3,
    lines: [],
    ...overrides,
  };
}

function renderCheckout(path = "/checkout") {
  return renderRoutes(
    [
      { path: "/checkout", element: <CheckoutPage /> },
      { path: "/menu", element: <h1>Menu</h1> },
    ],
    path,
    <FeedbackModal />,
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

    expect(await screen.findByRole("heading", { name: "Checkout", level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");
    expect(screen.getByText("“less ice”")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number")).toHaveValue(PHONE);

    await user.click(screen.getByRole("button", { name: "Increase quantity of Sunrise Orange (Medium)" }));
    expect(screen.getByLabelText("Quantity of Sunrise Orange (Medium)")).toHaveTextContent("3");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$26.46");
    expect(screen.getByRole("button", { name: "Decrease quantity of Charcoal Lemon (One size)" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Remove Charcoal Lemon (One size)" }));
    expect(screen.queryByText("Charcoal Lemon")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.47");
  });

  it("places the order: loading, then toast, success modal, cart cleared, phone kept, back to the menu after 300 ms", async () => {
    signInAs({ ...signedInUser, phone: "" });
    fillCart();
    let answer!: (response: Response) => void;
    const { spy } = mockApi({
      "POST /api/orders": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { router } = renderCheckout();

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
      displayedTotalCents: 1997,
    });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await act(async () => answer(json({ order: placedOrder(), totalChanged: false } satisfies CreateOrderResponse, 201)));

    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText("Success!")).toBeInTheDocument();
    expect(within(modal).getByText("Your order is placed, We will contact you as soon as possible.")).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Thanks" })).toBeInTheDocument();
    expect(screen.queryByText("Processing... please wait")).not.toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useSessionStore.getState().user.phone).toBe(PHONE);

    // Still on checkout right after (the empty cart does not bounce it), then on to the menu.
    expect(router.state.location.pathname).toBe("/checkout");
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
    expect(router.state.historyAction).toBe("PUSH");
  });

  it("on failure stops loading, shows 'Unexpected error during payment.' and keeps the cart", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    const { spy } = mockApi({
      "POST /api/orders": () => json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500),
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

  it("shows why a line was refused, beneath the form", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({
      "POST /api/orders": () =>
        json(
          {
            error: {
              code: "item_unavailable",
              message: "Line 2: Charcoal Lemon is no longer on the menu. Remove it from your cart to continue.",
              field: "lines.1.productId",
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Unexpected error during payment.")).toBeInTheDocument();
    expect(screen.getByText(/Charcoal Lemon is no longer on the menu/)).toHaveAttribute("role", "alert");
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
            order: placedOrder({ status: "pending_payment", paymentMode: "stripe" }),
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

  it("back from Stripe with payment=success: the same success outcome", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({});
    const { router } = renderCheckout("/checkout?payment=success&order=abc");
    expect(await screen.findByText("Success! Your order is placed")).toBeInTheDocument();
    expect(screen.getByText("Your order is placed, We will contact you as soon as possible.")).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu"));
  });

  it("back from Stripe with payment=cancelled: a clear message and the cart kept", async () => {
    signInAs({ ...signedInUser, phone: PHONE });
    fillCart();
    mockApi({});
    const { router } = renderCheckout("/checkout?payment=cancelled&order=abc");
    const modal = await screen.findByRole("dialog");
    expect(within(modal).getByText("Payment cancelled")).toBeInTheDocument();
    expect(within(modal).getByText(/Your card was not charged and your cart is still here/)).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
    expect(router.state.location.pathname).toBe("/checkout");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeInTheDocument();
  });
});
