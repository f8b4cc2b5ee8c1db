import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import toast, { useToasterStore } from "react-hot-toast";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartPricesResponse } from "#common/cart-prices";
import type { LoyaltyResponse } from "#common/loyalty";
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

function card(stamps: number): LoyaltyResponse {
  return {
    stamps,
    rewards: [{ id: "rwd-free-drink", name: "A free drink", stamps: 9, available: stamps >= 9 }],
    history: [],
  };
}

/** The server's price of the free drink on the line asked: one unit of it. */
function rewardPrices({ body }: { body: unknown }) {
  const { reward } = body as { reward: { id: string; line: number } };
  const unitPrices = [649, 699];
  return json({
    lines: unitPrices.map((unitPriceCents) => ({ unitPriceCents })),
    discount: null,
    promoRefusal: null,
    rewardDiscount: {
      id: reward.id,
      name: "A free drink",
      lineIndex: reward.line,
      amountCents: unitPrices[reward.line]!,
    },
    rewardRefusal: null,
  } satisfies CartPricesResponse);
}

/** The toasts' words, as the layout's toaster would show them. */
function ToastsSaid() {
  const { toasts } = useToasterStore();
  return (
    <ul>
      {toasts.map((each) => (
        <li key={each.id}>{String(each.message)}</li>
      ))}
    </ul>
  );
}

/** The order as the server placed it with the Charcoal Lemon free: $12.98; `totalChanged` as the server says. */
function freeCharcoalPlaced(totalChanged: boolean) {
  return json(
    {
      order: shopperOrder({
        totalCents: 1298,
        discountCents: 699,
        discounts: [{ kind: "loyalty", name: "A free drink", amountCents: 699 }],
      }),
      totalChanged,
    } satisfies CreateOrderResponse,
    201,
  );
}

function renderCheckout(beside?: ReactNode) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <FeedbackModal />
            {beside}
          </>
        ),
        children: [{ path: "/checkout", element: <CheckoutPage /> }],
      },
    ],
    "/checkout",
  );
}

function orderBodies(calls: ReturnType<typeof mockApi>["calls"]) {
  return calls.filter((call) => call.method === "POST" && call.url.endsWith("/api/orders")).map((call) => call.body);
}

function lineOf(name: string): HTMLElement {
  return screen.getByText(name, { selector: ".checkout-line__name" }).closest("li")!;
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

describe("checkout: the stamp card's free drink", () => {
  it("is offered on the priciest drink, takes it off the total as the server prices it, and is placed with the order", async () => {
    const { calls } = mockApi({
      "GET /api/loyalty": () => json(card(9)),
      "POST /api/cart-prices": rewardPrices,
      "POST /api/orders": () => freeCharcoalPlaced(false),
    });
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByTestId("checkout-total")).toHaveTextContent("$19.97");

    const offer = await within(lineOf("Charcoal Lemon")).findByRole("button", {
      name: "Use your free drink on Charcoal Lemon",
    });
    expect(within(lineOf("Sunrise Orange")).queryByRole("button", { name: /free drink/ })).not.toBeInTheDocument();
    await user.click(offer);

    expect(await screen.findByTestId("checkout-reward-discount")).toHaveTextContent("−$6.99");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$12.98");
    expect(screen.getByTestId("reward-applies")).toHaveTextContent("A free drink applies to this order");

    await user.click(screen.getByRole("button", { name: "Checkout" }));
    const modal = await screen.findByRole("dialog");
    expect(orderBodies(calls)).toEqual([
      expect.objectContaining({ reward: { id: "rwd-free-drink", line: 1 }, displayedTotalCents: 1298 }),
    ]);
    expect(orderBodies(calls)[0]).not.toHaveProperty("promoCode");
    expect(termsAndDefinitions(modal)).toContainEqual(["Discount", "−$6.99 · A free drink"]);
  });

  it("tapped Checkout while the free drink was still being priced: the toast says the discount, not a price change", async () => {
    let answerPrices: () => void = () => {};
    const pricesHeld = new Promise<void>((resolve) => (answerPrices = resolve));
    mockApi({
      "GET /api/loyalty": () => json(card(9)),
      "POST /api/cart-prices": async (call) => {
        if ((call.body as { reward?: unknown }).reward) await pricesHeld;
        return rewardPrices(call);
      },
      "POST /api/orders": () => freeCharcoalPlaced(true),
    });
    const user = userEvent.setup();
    renderCheckout(<ToastsSaid />);
    expect(await screen.findByTestId("checkout-total")).toHaveTextContent("$19.97");
    await user.click(
      await within(lineOf("Charcoal Lemon")).findByRole("button", { name: "Use your free drink on Charcoal Lemon" }),
    );
    await user.click(screen.getByRole("button", { name: "Checkout" }));
    await screen.findByRole("dialog");
    answerPrices();
    expect(await screen.findByText("Your total with your discount is $12.98.")).toBeInTheDocument();
    expect(screen.queryByText(/Prices changed/)).not.toBeInTheDocument();
  });

  it("is on its line from the checkout's first paint: the page waits for the card, so no button moves", async () => {
    let answerCard = () => {};
    const cardHeld = new Promise<void>((resolve) => (answerCard = resolve));
    mockApi({
      "GET /api/loyalty": async () => {
        await cardHeld;
        return json(card(9));
      },
      "POST /api/cart-prices": rewardPrices,
    });
    renderCheckout();
    expect(await screen.findByText("Loading your order…")).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId("checkout-total")).not.toBeInTheDocument();

    answerCard();
    const total = await screen.findByTestId("checkout-total");
    expect(total).toHaveTextContent("$19.97");
    expect(
      within(lineOf("Charcoal Lemon")).getByRole("button", { name: "Use your free drink on Charcoal Lemon" }),
    ).toBeVisible();
  });

  it("moves to another drink when the shopper asks, and the total follows", async () => {
    mockApi({ "GET /api/loyalty": () => json(card(12)), "POST /api/cart-prices": rewardPrices });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Use your free drink on Charcoal Lemon" }));
    await screen.findByTestId("checkout-reward-discount");

    await user.click(screen.getByRole("button", { name: "Move your free drink to Sunrise Orange" }));

    expect(await screen.findByText("−$6.49", { selector: "[data-testid=checkout-reward-discount]" })).toBeVisible();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$13.48");
    expect(within(lineOf("Sunrise Orange")).getByTestId("line-reward")).toHaveTextContent("A free drink · −$6.49");
  });

  it("and a promo code do not combine: applying a code stops the free drink, using it removes the code", async () => {
    mockApi({
      "GET /api/loyalty": () => json(card(9)),
      "POST /api/cart-prices": ({ body }) =>
        (body as { reward?: unknown }).reward
          ? rewardPrices({ body })
          : json({
              lines: [{ unitPriceCents: 649 }, { unitPriceCents: 699 }],
              discount: { code: "WELCOME10", amountCents: 200, lines: [{ lineIndex: 0, amountCents: 200 }] },
              promoRefusal: null,
              rewardDiscount: null,
              rewardRefusal: null,
            } satisfies CartPricesResponse),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Use your free drink on Charcoal Lemon" }));
    await screen.findByTestId("checkout-reward-discount");

    await user.type(screen.getByLabelText("Promo code"), "WELCOME10");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByTestId("checkout-discount")).toHaveTextContent("−$2.00");
    expect(screen.queryByTestId("checkout-reward-discount")).not.toBeInTheDocument();
    expect(screen.getByTestId("reward-applies")).toHaveTextContent(
      "Promo code WELCOME10 applies to this order: using your free drink would replace it.",
    );
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$17.97");

    await user.click(screen.getByRole("button", { name: "Use your free drink on Charcoal Lemon" }));
    expect(await screen.findByTestId("checkout-reward-discount")).toHaveTextContent("−$6.99");
    expect(useCartStore.getState().checkoutDetails?.promoCode).toBeUndefined();
    expect(screen.queryByTestId("checkout-discount")).not.toBeInTheDocument();
  });

  it("says in words when the order is refused because the card no longer holds it", async () => {
    let stamps = 9;
    mockApi({
      "GET /api/loyalty": () => json(card(stamps)),
      "POST /api/cart-prices": rewardPrices,
      "POST /api/orders": () => {
        stamps = 0;
        return json(
          {
            error: {
              code: "reward_not_available",
              message: "A free drink takes 9 stamps, and your card no longer has them.",
              field: "reward",
            },
          },
          409,
        );
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole("button", { name: "Use your free drink on Charcoal Lemon" }));
    await screen.findByTestId("checkout-reward-discount");

    await user.click(screen.getByRole("button", { name: "Checkout" }));

    expect(await screen.findByTestId("reward-refusal")).toHaveTextContent(
      "A free drink takes 9 stamps, and your card no longer has them.",
    );
    expect(screen.queryByText("Unexpected error during payment.")).not.toBeInTheDocument();
    expect(screen.queryByTestId("checkout-reward-discount")).not.toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$19.97");
  });

  it("says how many drinks to the free one while the card does not hold it", async () => {
    mockApi({ "GET /api/loyalty": () => json(card(7)) });
    renderCheckout();
    expect(await screen.findByTestId("stamps-to-go")).toHaveTextContent("2 more drinks to a free one");
    expect(screen.queryByRole("button", { name: /Use your free drink/ })).not.toBeInTheDocument();
  });
});
