import { describe, expect, it } from "vitest";
import {
  effectivePriceCents,
  menuCardPrice,
  salePriceCents,
  selectableSizes,
  sizeLabel,
  type Product,
} from "#common/catalog";

type Prices = Pick<Product, "sizeSelection" | "pricesBySize">;

const sized: Prices = {
  sizeSelection: true,
  pricesBySize: {
    large: { priceCents: 849, discountedPriceCents: null },
    small: { priceCents: 549, discountedPriceCents: 499 },
    medium: { priceCents: 699, discountedPriceCents: null },
    default: { priceCents: 100, discountedPriceCents: null },
  },
};
const unsized: Prices = {
  sizeSelection: false,
  pricesBySize: { default: { priceCents: 399, discountedPriceCents: 349 } },
};

describe("price rule", () => {
  it("has a sale price only when it is lower than the price", () => {
    expect(salePriceCents({ priceCents: 699, discountedPriceCents: 649 })).toBe(649);
    expect(salePriceCents({ priceCents: 699, discountedPriceCents: null })).toBeNull();
    expect(salePriceCents({ priceCents: 699, discountedPriceCents: 699 })).toBeNull();
    expect(salePriceCents({ priceCents: 699, discountedPriceCents: 0 })).toBe(0);
  });

  it("pays the sale price only when it is lower than the price", () => {
    expect(effectivePriceCents({ priceCents: 699, discountedPriceCents: 649 })).toBe(649);
    expect(effectivePriceCents({ priceCents: 699, discountedPriceCents: null })).toBe(699);
    expect(effectivePriceCents({ priceCents: 699, discountedPriceCents: 699 })).toBe(699);
    expect(effectivePriceCents({ priceCents: 699, discountedPriceCents: 799 })).toBe(699);
    expect(effectivePriceCents({ priceCents: 699, discountedPriceCents: 0 })).toBe(0);
  });

  it("shows the small-size price on a menu card when the drink has sizes", () => {
    expect(menuCardPrice(sized)).toEqual({ priceCents: 549, discountedPriceCents: 499 });
  });

  it("shows the default price on a menu card when the drink has no sizes", () => {
    expect(menuCardPrice(unsized)).toEqual({ priceCents: 399, discountedPriceCents: 349 });
  });

  it("offers sizes small, medium, large in that order and never default", () => {
    expect(selectableSizes(sized)).toEqual(["small", "medium", "large"]);
    expect(selectableSizes(unsized)).toEqual([]);
    expect(
      selectableSizes({
        sizeSelection: true,
        pricesBySize: { large: sized.pricesBySize.large, small: sized.pricesBySize.small },
      }),
    ).toEqual(["small", "large"]);
  });
});

describe("sizeLabel: one label per size, wherever a size is shown", () => {
  it.each([
    ["small", "Small"],
    ["medium", "Medium"],
    ["large", "Large"],
    ["default", "One size"],
    // A size an old order's line kept after the menu dropped it.
    ["jumbo", "Jumbo"],
  ])("%s reads %s", (size, label) => expect(sizeLabel(size)).toBe(label));
});
