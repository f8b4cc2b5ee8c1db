import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../common/forms/checkout";
import { useAuthModalStore } from "../../web/features/auth/auth-modal-store";
import OrdersPage from "../../web/features/orders/orders-page";
import { json, mockApi, renderRoutes, resetStores, signInAs } from "./storefront-helpers";

const paidOrder: Order = {
  id: "a1b2c3d4-0000-4000-8000-000000000002",
  status: "paid",
  paymentMode: "stripe",
  totalCents: 1647,
  createdAt: "2025-06-02T12:00:00.000Z",
  itemCount: 3,
  lines: [
    { productId: "prd-sunrise-orange", name: "Sunrise Orange", image: "", size: "medium", unitPriceCents: 649, quantity: 2, note: "less ice", subtotalCents: 1298 },
    { productId: "prd-ginger-shot", name: "Ginger Fire Shot", image: "", size: "default", unitPriceCents: 349, quantity: 1, note: "", subtotalCents: 349 },
  ],
};
const placedOrder: Order = {
  id: "ffeeddcc-0000-4000-8000-000000000001",
  status: "placed",
  paymentMode: "pay_on_pickup",
  totalCents: 699,
  createdAt: "2025-06-01T09:00:00.000Z",
  itemCount: 1,
  lines: [
    { productId: "prd-charcoal-lemonade", name: "Charcoal Lemon", image: "", size: "default", unitPriceCents: 699, quantity: 1, note: "", subtotalCents: 699 },
  ],
};

function renderOrders() {
  return renderRoutes([{ path: "/orders", element: <OrdersPage /> }, { path: "/menu", element: <h1>Menu</h1> }], "/orders");
}

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

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
    mockApi({ "GET /api/orders": () => json({ orders: [paidOrder, placedOrder] }) });
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

    expect(within(second!).getByText("Placed (pay on pickup)")).toBeInTheDocument();
    expect(within(second!).getByText("Total (1 drink)")).toBeInTheDocument();
  });

  it("has an empty state that leads to the menu", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [] }) });
    renderOrders();
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the menu" })).toHaveAttribute("href", "/menu");
  });

  it("says what went wrong when the orders cannot be loaded", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ error: { code: "internal_error", message: "Something went wrong. Please try again." } }, 500) });
    renderOrders();
    expect(await screen.findByText("Error: Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
