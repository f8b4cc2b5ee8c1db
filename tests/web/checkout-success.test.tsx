import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateOrderResponse, Order } from "#common/orders";
import { FeedbackModal } from "#web/shared-features/feedback/feedback-modal";
import { useFeedbackStore } from "#web/shared-features/feedback/feedback-store";
import CheckoutPage from "#web/features/checkout/checkout-page";
import { cartLineId, useCartStore } from "#web/lib/cart-store";
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

const LA = "America/Los_Angeles";
const SHOP_ADDRESS = "512 South Brookhurst St #4, Anaheim, CA 92804";
/** Placed Friday Nov 27, 2026 at 8 AM in Anaheim, for Saturday at 9:30 AM. */
const FRIDAY_MORNING = "2026-11-27T16:00:00.000Z";
const SATURDAY_9_30 = "2026-11-28T17:30:00.000Z";
const SPEC_MESSAGE = "Your order is placed, We will contact you as soon as possible.";

function orderAhead(overrides: Partial<Order> = {}): Order {
  return shopperOrder({
    totalCents: 1493,
    fulfilmentAddress: SHOP_ADDRESS,
    tipCents: 195,
    createdAt: FRIDAY_MORNING,
    updatedAt: FRIDAY_MORNING,
    itemCount: 2,
    pickup: { mode: "slot", at: SATURDAY_9_30, timeZone: LA },
    ...overrides,
  });
}

async function placeOrder(order: Order) {
  mockApi({ "POST /api/orders": () => json({ order, totalChanged: false } satisfies CreateOrderResponse, 201) });
  renderRoutes(
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
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Checkout" }));
  return screen.findByRole("dialog", { name: "Success!" });
}

beforeEach(() => {
  resetStores();
  useFeedbackStore.getState().hide();
  signInAs({ ...signedInUser, phone: "+1 714 555 0100" });
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
        image: "/images/drinks/sunrise-orange.svg",
      },
    ],
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the success modal after ordering ahead", () => {
  it("keeps the spec's words, then says when and where to pick up, with the tip among the facts", async () => {
    deviceClockIn(LA);
    const modal = await placeOrder(orderAhead());
    expect(within(modal).getByText(SPEC_MESSAGE)).toBeInTheDocument();
    expect(
      within(modal).getByText(
        `Pick it up at ${SHOP_ADDRESS}, tomorrow (Sat, Nov 28) at 9:30 AM. We will contact you by e-mail when it is ready, and call only if there is a question about your order.`,
      ),
    ).toBeInTheDocument();
    expect(termsAndDefinitions(modal)).toEqual([
      ["Order", "#4F9C2B1E"],
      ["Tip", "$1.95"],
      ["Total", "$14.93"],
      ["Payment", "Pay on pickup"],
      ["Pickup at", SHOP_ADDRESS],
      ["Pickup", "Sat, Nov 28, 9:30 AM"],
    ]);
  });

  it("offers Tell me when it's ready in the modal of a pay-at-pickup order, its words once its code has loaded, under its buttons", async () => {
    deviceClockIn(LA);
    const modal = await placeOrder(orderAhead());
    // jsdom has no service worker: the offer says so in words, inside the modal.
    const offer = await within(modal).findByText(
      /This browser cannot show notifications: this page and your e-mail tell you/,
    );
    // It arrives after the modal opened: under the buttons, so Thanks never moves under a finger.
    const thanks = within(modal).getByRole("button", { name: "Thanks" });
    expect(thanks.compareDocumentPosition(offer)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(modal).getByRole("link", { name: "View order" }).compareDocumentPosition(offer)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("names the shop's clock on a device set to another time zone", async () => {
    deviceClockIn("America/New_York");
    const modal = await placeOrder(orderAhead());
    expect(
      within(modal).getByText(new RegExp(`^Pick it up at .*, tomorrow \\(Sat, Nov 28\\) at 9:30 AM Pacific Time\\. `)),
    ).toBeInTheDocument();
    expect(termsAndDefinitions(modal)).toContainEqual(["Pickup", "Sat, Nov 28, 9:30 AM Pacific Time"]);
  });

  it("a delivery ahead says when it leaves the shop and for where", async () => {
    deviceClockIn(LA);
    const modal = await placeOrder(
      orderAhead({ fulfilment: "delivery", fulfilmentAddress: "1200 W Lincoln Ave, Anaheim, CA 92805", tipCents: 0 }),
    );
    expect(within(modal).getByText(SPEC_MESSAGE)).toBeInTheDocument();
    expect(
      within(modal).getByText(
        /^It leaves the shop tomorrow \(Sat, Nov 28\) at 9:30 AM for 1200 W Lincoln Ave, Anaheim, CA 92805\. /,
      ),
    ).toBeInTheDocument();
    expect(termsAndDefinitions(modal).map(([label]) => label)).not.toContain("Tip");
  });
});
