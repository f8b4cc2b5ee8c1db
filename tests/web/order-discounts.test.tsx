/** An order's promo code said wherever its money is: My orders, the board's ticket, the cart, Order again. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OrderAgainResponse } from "#common/order-again";
import type { Order } from "#common/orders";
import { CartDrawer } from "#web/features/cart/cart-drawer";
import OrdersPage from "#web/features/orders/orders-page";
import { cartLineId, useCartStore } from "#web/lib/cart-store";
import { useShopStatus } from "#web/shared-features/shop-status/shop-status-store";
import { shopperOrder } from "./order-fixtures";
import { boardAnswer, renderBoard, resetBoard, staffOrder } from "./staff-board-helpers";
import { json, mockApi, renderRoutes, resetStores, signInAs } from "./storefront-helpers";

const WELCOME10 = { kind: "promo" as const, name: "WELCOME10", amountCents: 130 };
const sunriseLine = {
  productId: "prd-sunrise-orange",
  name: "Sunrise Orange",
  image: "",
  size: "medium" as const,
  unitPriceCents: 649,
  quantity: 2,
  note: "",
  subtotalCents: 1298,
  discountCents: 130,
  options: [],
};
const discounted: Order = shopperOrder({
  totalCents: 1168,
  itemCount: 2,
  discountCents: 130,
  discounts: [WELCOME10],
  lines: [sunriseLine],
});

function renderOrders() {
  return renderRoutes([{ path: "/orders", element: <OrdersPage /> }], "/orders");
}

afterEach(() => {
  vi.restoreAllMocks();
  useShopStatus.setState({ status: null, fetchedAt: null });
});

describe("a shopper's order with a promo code", () => {
  beforeEach(resetStores);

  it("My orders shows the code's row with what it took off, and the total after it", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [discounted], nextCursor: null }) });
    renderOrders();
    const card = await screen.findByRole("article");
    const row = within(card).getByTestId("order-discount");
    expect(row).toHaveTextContent("Promo code WELCOME10");
    expect(row).toHaveTextContent("−$1.30");
    expect(within(card).getByText("$11.68")).toBeInTheDocument();
  });

  it("an order without a code shows no discount row", async () => {
    signInAs();
    mockApi({ "GET /api/orders": () => json({ orders: [shopperOrder({ lines: [sunriseLine] })], nextCursor: null }) });
    renderOrders();
    const card = await screen.findByRole("article");
    expect(within(card).queryByTestId("order-discount")).not.toBeInTheDocument();
  });

  it("Order again fills the cart without the code, and says promo codes are not carried over", async () => {
    signInAs();
    mockApi({
      "GET /api/orders": () => json({ orders: [discounted], nextCursor: null }),
      [`GET /api/orders/${discounted.id}/again`]: () =>
        json({
          lines: [
            {
              productId: "prd-sunrise-orange",
              categoryId: "cat-fresh-juices",
              name: "Sunrise Orange",
              image: "",
              size: "medium",
              quantity: 2,
              note: "",
              modifierIds: [],
              options: [],
              unitPriceCents: 649,
              previousUnitPriceCents: 649,
            },
          ],
          leftOut: [],
        } satisfies OrderAgainResponse),
    });
    const user = userEvent.setup();
    renderOrders();
    await user.click(await screen.findByRole("button", { name: "Order again" }));
    const outcome = await screen.findByTestId("order-again-outcome");
    await waitFor(() =>
      expect(outcome).toHaveTextContent("Promo codes are not carried over (this order had WELCOME10)."),
    );
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBeUndefined();
  });

  it("the cart shows the kept code's discount and the total after it", async () => {
    signInAs();
    useCartStore.setState({
      items: [
        {
          id: cartLineId("Sunrise Orange", "medium"),
          productId: "prd-sunrise-orange",
          categoryId: "cat-fresh-juices",
          name: "Sunrise Orange",
          priceCents: 649,
          size: "medium",
          quantity: 2,
          comment: "",
          image: "",
        },
      ],
      shopId: "loc-anaheim",
      isOpen: true,
      checkoutDetails: { phone: "", fulfilment: "pickup", street: "", zip: "", promoCode: "WELCOME10" },
    });
    mockApi({
      "POST /api/cart-prices": () =>
        json({
          lines: [{ unitPriceCents: 649 }],
          discount: { code: "WELCOME10", amountCents: 130, lines: [{ lineIndex: 0, amountCents: 130 }] },
          promoRefusal: null,
        }),
    });
    renderRoutes([{ path: "*", element: <CartDrawer /> }], "/menu");
    const cart = await screen.findByRole("dialog", { name: "Cart" });
    expect(await within(cart).findByTestId("cart-discount")).toHaveTextContent("−$1.30");
    expect(within(cart).getByTestId("cart-discount").parentElement).toHaveTextContent("WELCOME10");
    expect(within(cart).getByTestId("cart-total")).toHaveTextContent("$11.68");
  });
});

describe("the board's ticket of an order with a promo code", () => {
  beforeEach(resetBoard);

  it("says what the code took off: −$1.30 · WELCOME10", async () => {
    const coded = staffOrder("dddddddd-0000-4000-8000-00000000000d", {
      totalCents: 1168,
      discountCents: 130,
      discounts: [WELCOME10],
    });
    const plain = staffOrder("eeeeeeee-0000-4000-8000-00000000000e");
    mockApi({ "GET /api/staff/orders": () => boardAnswer([coded, plain]) });
    renderBoard();
    const ticket = await screen.findByRole("article", { name: "#DDDDDDDD" });
    expect(within(ticket).getByTestId("ticket-discount")).toHaveTextContent("−$1.30 · WELCOME10");
    const other = screen.getByRole("article", { name: "#EEEEEEEE" });
    expect(within(other).queryByTestId("ticket-discount")).not.toBeInTheDocument();
  });

  it("the order's details say it beside the payment", async () => {
    const coded = staffOrder("dddddddd-0000-4000-8000-00000000000d", {
      totalCents: 1168,
      discountCents: 130,
      discounts: [WELCOME10],
    });
    mockApi({
      "GET /api/staff/orders": () => boardAnswer([coded]),
      [`GET /api/staff/orders/${coded.id}/history`]: () => json({ history: [] }),
    });
    const user = userEvent.setup();
    renderBoard();
    const ticket = await screen.findByRole("article", { name: "#DDDDDDDD" });
    await user.click(within(ticket).getByRole("button", { name: "Details of order #DDDDDDDD" }));
    const dialog = await screen.findByRole("dialog", { name: "Order #DDDDDDDD" });
    expect(within(dialog).getByTestId("details-discount")).toHaveTextContent("−$1.30 · WELCOME10");
    expect(within(dialog).getByTestId("details-discount").previousElementSibling).toHaveTextContent("Discount");
  });
});
