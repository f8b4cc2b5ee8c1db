import { describe, expect, it } from "vitest";
import { drinksSubtotalCents, orderTotalCents } from "#common/order-total";

describe("an order's drinks subtotal", () => {
  it("is each line's unit price times its quantity, summed", () => {
    const lines = [
      { unitPriceCents: 649, quantity: 2 },
      { unitPriceCents: 349, quantity: 1 },
    ];
    expect(drinksSubtotalCents(lines)).toBe(2 * 649 + 349);
  });

  it("is zero for no lines", () => {
    expect(drinksSubtotalCents([])).toBe(0);
  });
});

describe("an order's total", () => {
  it("is the drinks' subtotal for a pickup without a tip", () => {
    expect(orderTotalCents({ subtotalCents: 1647, deliveryFeeCents: 0, tipCents: 0 })).toBe(1647);
  });

  it("adds the delivery fee and the tip to the drinks' subtotal", () => {
    expect(orderTotalCents({ subtotalCents: 1647, deliveryFeeCents: 399, tipCents: 247 })).toBe(1647 + 399 + 247);
  });
});
