import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CheckoutPage from "#web/features/checkout/checkout-page";
import { cartLineId, useCartStore, type CartItem } from "#web/lib/cart-store";
import { json, mockApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

vi.mock("#web/features/checkout/payment-redirect", () => ({ goToPaymentPage: vi.fn() }));

/** Two Sunrise Oranges at $6.49 and a Charcoal Lemon at $6.99: a subtotal of $19.97. */
const items: CartItem[] = [
  {
    id: cartLineId("Sunrise Orange", "medium"),
    productId: "prd-sunrise-orange",
    categoryId: "cat-fresh-juices",
    name: "Sunrise Orange",
    priceCents: 649,
    size: "medium",
    quantity: 2,
    comment: "",
    image: "/images/drinks/sunrise-orange.svg",
  },
  {
    id: cartLineId("Charcoal Lemon", "default"),
    productId: "prd-charcoal-lemonade",
    categoryId: "cat-green-detox",
    name: "Charcoal Lemon",
    priceCents: 699,
    size: "default",
    quantity: 1,
    comment: "",
    image: "/images/drinks/charcoal-lemonade.svg",
  },
];

function renderCheckout(accepts: "card" | "on_pickup" = "on_pickup") {
  const api = mockApi({
    "GET /api/payment-methods": () => json({ accepts }),
    // Left unanswered: what is sent is what these tests look at.
    "POST /api/orders": () => new Promise<Response>(() => {}),
  });
  renderRoutes([{ path: "/checkout", element: <CheckoutPage /> }], "/checkout");
  return api;
}

function sentOrder(spy: ReturnType<typeof mockApi>["spy"]) {
  const call = spy.mock.calls.find(([input, init]) => String(input).endsWith("/api/orders") && init?.method === "POST");
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
}

const tips = () => screen.getByRole("group", { name: "Tip" });
const total = () => screen.getByTestId("checkout-total");

beforeEach(() => {
  resetStores();
  signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
  useCartStore.setState({ items });
});
afterEach(() => vi.restoreAllMocks());

describe("the checkout's tip", () => {
  it("offers no tip (chosen), 10%, 15% and 20% of the subtotal in dollars, and a custom amount", async () => {
    renderCheckout();
    await screen.findByRole("group", { name: "Tip" });
    expect(within(tips()).getByRole("radio", { name: "No tip" })).toBeChecked();
    expect(within(tips()).getByRole("radio", { name: "10% ($2.00)" })).toBeInTheDocument();
    expect(within(tips()).getByRole("radio", { name: "15% ($3.00)" })).toBeInTheDocument();
    expect(within(tips()).getByRole("radio", { name: "20% ($3.99)" })).toBeInTheDocument();
    expect(within(tips()).getByRole("radio", { name: "Custom" })).toBeInTheDocument();
    expect(screen.queryByTestId("checkout-tip")).not.toBeInTheDocument();
    expect(total()).toHaveTextContent("$19.97");
  });

  it("adds 15% as its own row, says a pay-on-pickup tip is paid at the counter, and sends { percent: 15 }", async () => {
    const user = userEvent.setup();
    const { spy } = renderCheckout("on_pickup");
    await user.click(await screen.findByRole("radio", { name: "15% ($3.00)" }));
    expect(screen.getByTestId("checkout-tip")).toHaveTextContent("$3.00");
    expect(total()).toHaveTextContent("$22.97");
    expect(await within(tips()).findByText("The tip is part of what you pay at the counter.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(sentOrder(spy)).toBeDefined());
    expect(sentOrder(spy)).toMatchObject({ tip: { percent: 15 }, displayedTotalCents: 2297 });
  });

  it("does not mention the counter when the shop takes cards", async () => {
    const user = userEvent.setup();
    renderCheckout("card");
    await user.click(await screen.findByRole("radio", { name: "10% ($2.00)" }));
    await waitFor(() => expect(screen.getByTestId("checkout-tip")).toHaveTextContent("$2.00"));
    expect(within(tips()).queryByText(/at the counter/)).not.toBeInTheDocument();
  });

  it("takes an amount of the shopper's own of at most the subtotal, and sends it in cents", async () => {
    const user = userEvent.setup();
    const { spy } = renderCheckout();
    await user.click(await screen.findByRole("radio", { name: "Custom" }));
    const amount = screen.getByLabelText("Tip amount ($)");
    await user.type(amount, "25");
    expect(within(tips()).getByRole("alert")).toHaveTextContent("A tip can be at most the drinks' subtotal, $19.97");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, "2.5x");
    expect(within(tips()).getByRole("alert")).toHaveTextContent("Enter the tip in dollars and cents");
    await user.clear(amount);
    await user.type(amount, "2.50");
    expect(screen.getByTestId("checkout-tip")).toHaveTextContent("$2.50");
    expect(total()).toHaveTextContent("$22.47");

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await waitFor(() => expect(sentOrder(spy)).toBeDefined());
    expect(sentOrder(spy)).toMatchObject({ tip: { cents: 250 }, displayedTotalCents: 2247 });
  });
});
