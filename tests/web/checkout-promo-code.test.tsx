import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderResponse } from "#common/orders";
import { FeedbackModal } from "#web/shared-features/feedback/feedback-modal";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import { cartLineId, useCartStore, type CartItem } from "#web/lib/cart-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
import "#web/shared-features/ready-notifications/ready-notifications";
import {
  json,
  mockApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  termsAndDefinitions,
} from "./storefront-helpers";
import { shopperOrder } from "./order-fixtures";

const sunrise: CartItem = {
  id: cartLineId("Sunrise Orange", "medium", ""),
  productId: "prd-sunrise-orange",
  categoryId: "cat-fresh-juices",
  name: "Sunrise Orange",
  priceCents: 649,
  size: "medium",
  quantity: 2,
  comment: "",
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
// 10% of the drinks' $19.97.
const WELCOME10_OFF = 200;
const welcome10 = {
  lines: [{ unitPriceCents: 649 }, { unitPriceCents: 699 }],
  discount: {
    code: "WELCOME10",
    amountCents: WELCOME10_OFF,
    lines: [
      { lineIndex: 0, amountCents: 130 },
      { lineIndex: 1, amountCents: 70 },
    ],
  },
  promoRefusal: null,
};

function renderCheckout() {
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
        ],
      },
    ],
    "/checkout",
  );
}

function orderBodies(calls: ReturnType<typeof mockApi>["calls"]) {
  return calls.filter((call) => call.method === "POST" && call.url.endsWith("/api/orders")).map((call) => call.body);
}

async function applyCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(await screen.findByLabelText("Promo code"), code);
  await user.click(screen.getByRole("button", { name: "Apply" }));
}

beforeEach(() => {
  resetStores();
  useFeedbackStore.getState().hide();
  signInAs({ ...signedInUser, phone: PHONE });
  useCartStore.setState({ items: [sunrise, charcoal], shopId: "loc-anaheim" });
});

afterEach(() => {
  act(() => toast.remove());
  vi.restoreAllMocks();
});

describe("checkout: a promo code", () => {
  it("applies a code: asks the cart's prices with it, shows the discount line and the total after it, and places the order with it", async () => {
    const { calls } = mockApi({
      "POST /api/cart-prices": () => json(welcome10),
      "POST /api/orders": () =>
        json(
          {
            order: shopperOrder({
              totalCents: 1797,
              discountCents: WELCOME10_OFF,
              discounts: [{ kind: "promo", name: "WELCOME10", amountCents: WELCOME10_OFF }],
            }),
            totalChanged: false,
          } satisfies CreateOrderResponse,
          201,
        ),
    });
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByTestId("checkout-total")).toHaveTextContent("$19.97");

    await applyCode(user, " welcome10 ");

    expect(await screen.findByTestId("checkout-discount")).toHaveTextContent("−$2.00");
    expect(screen.getByTestId("checkout-discount").parentElement).toHaveTextContent("WELCOME10");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$17.97");
    // The code is asked about as the server checks it, with each line's quantity.
    const asked = calls.find((call) => call.url.endsWith("/api/cart-prices"))!.body;
    expect(asked).toEqual({
      locationId: "loc-anaheim",
      promoCode: "WELCOME10",
      lines: [
        { productId: "prd-sunrise-orange", size: "medium", quantity: 2, optionIds: [] },
        { productId: "prd-charcoal-lemonade", size: "default", quantity: 1, optionIds: [] },
      ],
    });
    // Kept with the cart: a reload keeps it.
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBe("WELCOME10");
    // The suggested tips stay on the drinks before the discount, and the page says so.
    expect(screen.getByText("Suggested tips are on the drinks before the discount.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "10% ($2.00)" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    const modal = await screen.findByRole("dialog");
    expect(orderBodies(calls)).toEqual([
      expect.objectContaining({ promoCode: "WELCOME10", displayedTotalCents: 1797 }),
    ]);
    expect(termsAndDefinitions(modal)).toContainEqual(["Discount", "−$2.00 · WELCOME10"]);
    // The code went with that order: the next cart starts without it.
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBeUndefined();
    expect(within(modal).getByText("Your order is placed, We will contact you as soon as possible.")).toBeVisible();
  });

  it("asks about the code again for the account that signs in: its answer is that account's", async () => {
    let asked = 0;
    mockApi({
      "POST /api/cart-prices": () =>
        json(
          (asked += 1) === 1
            ? welcome10
            : {
                lines: welcome10.lines,
                discount: null,
                promoRefusal: { code: "promo_already_used", message: "You have used WELCOME10 already." },
              },
        ),
    });
    // An account of its own: answers are kept a minute per cart, code and account.
    signInAs({ ...signedInUser, uid: "user-new-here", phone: PHONE });
    const user = userEvent.setup();
    renderCheckout();
    await applyCode(user, "welcome10");
    expect(await screen.findByTestId("checkout-discount")).toHaveTextContent("−$2.00");

    act(() => signInAs({ ...signedInUser, uid: "user-who-used-it", phone: PHONE }));

    expect(await screen.findByTestId("promo-code-refusal")).toHaveTextContent("You have used WELCOME10 already.");
    expect(screen.queryByTestId("checkout-discount")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");
    expect(asked).toBe(2);
  });

  it("says why a code cannot apply under the field, keeps the total, and places the order without it", async () => {
    const { calls } = mockApi({
      "POST /api/cart-prices": () =>
        json({
          lines: welcome10.lines,
          discount: null,
          promoRefusal: {
            code: "promo_min_subtotal",
            message: "SUMMER2 is for orders of $25.00 or more: add $5.03 more to use it.",
          },
        }),
      "POST /api/orders": () => json({ order: shopperOrder(), totalChanged: false } satisfies CreateOrderResponse, 201),
    });
    const user = userEvent.setup();
    renderCheckout();

    await applyCode(user, "summer2");

    const refusal = await screen.findByTestId("promo-code-refusal");
    expect(refusal).toHaveTextContent("SUMMER2 is for orders of $25.00 or more: add $5.03 more to use it.");
    expect(refusal).toHaveAttribute("role", "alert");
    expect(screen.queryByTestId("checkout-discount")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");
    expect(screen.queryByText("Suggested tips are on the drinks before the discount.")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await screen.findByRole("dialog");
    expect(orderBodies(calls)[0]).not.toHaveProperty("promoCode");
  });

  it("says the order's refusal of the code under the field (promo_used_up), without the error toast, and Remove takes the code away", async () => {
    let refuse = true;
    const { calls } = mockApi({
      "POST /api/cart-prices": () => json(welcome10),
      "POST /api/orders": () =>
        refuse
          ? json({ error: { code: "promo_used_up", message: "WELCOME10 has been used up." } }, 409)
          : json({ order: shopperOrder(), totalChanged: false } satisfies CreateOrderResponse, 201),
    });
    const user = userEvent.setup();
    renderCheckout();
    await applyCode(user, "WELCOME10");
    await screen.findByTestId("checkout-discount");

    await user.click(screen.getByRole("button", { name: "Checkout" }));

    expect(await screen.findByTestId("promo-code-refusal")).toHaveTextContent("WELCOME10 has been used up.");
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Remove promo code WELCOME10" }));
    expect(screen.queryByTestId("promo-code-refusal")).not.toBeInTheDocument();
    expect(screen.queryByTestId("checkout-discount")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");
    expect(screen.getByLabelText("Promo code")).toHaveValue("");
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBeUndefined();

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await screen.findByRole("dialog");
    expect(orderBodies(calls)[1]).not.toHaveProperty("promoCode");
  });

  it("checks the code as the API does before asking: too long is said under the field, and nothing is asked", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderCheckout();

    await applyCode(user, "X".repeat(41));
    expect(await screen.findByText("A promo code is at most 40 characters")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(calls.some((call) => call.url.endsWith("/api/cart-prices"))).toBe(false);
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBeUndefined();
  });
});
