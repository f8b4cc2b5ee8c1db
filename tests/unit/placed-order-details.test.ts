import { describe, expect, it } from "vitest";
import { placedOrderDetails, type OrderFacts } from "#web/features/checkout/placed-order-details";

// The success dialog's Payment line: what the shopper paid, or that a discount left nothing to pay.

const ORDER: OrderFacts = {
  id: "4f9c2b1e-0000-4000-8000-000000000001",
  totalCents: 649,
  paymentMode: "stripe",
  paymentState: "paid",
  fulfilment: "pickup",
};

const paymentOf = (order: OrderFacts) =>
  placedOrderDetails(order, null).find((detail) => detail.label === "Payment")?.value;

describe("the placed order's payment", () => {
  it("says a card payment, or nothing to pay when discounts made the order free", () => {
    expect(paymentOf(ORDER)).toBe("Paid by card");
    expect(
      paymentOf({ ...ORDER, totalCents: 0, discounts: [{ kind: "promo", name: "ONTHEHOUSE", amountCents: 649 }] }),
    ).toBe("Nothing to pay");
    expect(paymentOf({ ...ORDER, paymentMode: "pay_on_pickup", paymentState: "not_required" })).toBe("Pay on pickup");
  });
});
