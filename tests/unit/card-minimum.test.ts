import { describe, expect, it } from "vitest";
import { belowCardMinimumMessage } from "#common/payment-methods";

describe("a card total under Stripe's minimum", () => {
  it("says the total, the minimum, and to remove the discount the order has", () => {
    expect(belowCardMinimumMessage(30, "promo code")).toBe(
      "This order comes to $0.30, and a card payment must be at least $0.50. Add a drink or a tip, or remove the promo code.",
    );
    expect(belowCardMinimumMessage(25, "free drink")).toBe(
      "This order comes to $0.25, and a card payment must be at least $0.50. Add a drink or a tip, or remove the free drink.",
    );
  });
});
