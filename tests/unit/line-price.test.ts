import { describe, expect, it } from "vitest";
import {
  CATALOG_AS_IS,
  priceLineAtShop,
  sizePriceKey,
  unitPriceCents,
  type CatalogDrink,
  type ShopMenuRules,
} from "#common/line-price";

const drink: CatalogDrink = {
  id: "prd-sunrise-orange",
  sizeSelection: true,
  pricesBySize: {
    small: { priceCents: 549, discountedPriceCents: null },
    medium: { priceCents: 699, discountedPriceCents: 649 },
  },
  modifierGroups: [
    {
      id: "grp-ice",
      name: "Ice",
      minSelected: 1,
      maxSelected: 1,
      options: [
        { id: "opt-ice-regular", name: "Regular ice", priceCents: 0, isDefault: true },
        { id: "opt-ice-light", name: "Light ice", priceCents: 0, isDefault: false },
      ],
    },
    {
      id: "grp-boosts",
      name: "Boosts",
      minSelected: 0,
      maxSelected: 3,
      options: [{ id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false }],
    },
  ],
};

const rules = (changes: Partial<ShopMenuRules>): ShopMenuRules => ({ ...CATALOG_AS_IS, ...changes });

describe("what a line costs at a shop", () => {
  it("is the catalog's sale price plus the options where the shop sets nothing", () => {
    expect(
      priceLineAtShop(CATALOG_AS_IS, drink, { size: "medium", modifierIds: ["opt-ice-light", "opt-boost-protein"] }),
    ).toMatchObject({ kind: "priced", unitPriceCents: 649 + 100 });
    expect(unitPriceCents({ priceCents: 699, discountedPriceCents: 649 }, [{ priceCents: 100 }])).toBe(749);
  });

  it("takes a size's price at the shop whole: without a sale of its own, the catalog's sale does not apply", () => {
    const fullerton = rules({
      sizePrices: new Map([[sizePriceKey(drink.id, "medium"), { priceCents: 749, discountedPriceCents: null }]]),
    });
    expect(priceLineAtShop(fullerton, drink, { size: "medium" })).toMatchObject({ unitPriceCents: 749 });
    expect(priceLineAtShop(fullerton, drink, { size: "small" })).toMatchObject({ unitPriceCents: 549 });
    const onSale = rules({
      sizePrices: new Map([[sizePriceKey(drink.id, "medium"), { priceCents: 749, discountedPriceCents: 599 }]]),
    });
    expect(priceLineAtShop(onSale, drink, { size: "medium" })).toMatchObject({ unitPriceCents: 599 });
  });

  it("never adds a size the catalog does not sell", () => {
    const large = rules({
      sizePrices: new Map([[sizePriceKey(drink.id, "large"), { priceCents: 899, discountedPriceCents: null }]]),
    });
    expect(priceLineAtShop(large, drink, { size: "large" })).toEqual({ kind: "size_not_sold" });
    expect(priceLineAtShop(CATALOG_AS_IS, drink, { size: "default" })).toEqual({ kind: "size_not_sold" });
  });

  it("takes an option's price at the shop", () => {
    const dearer = rules({ optionPrices: new Map([["opt-boost-protein", 150]]) });
    expect(
      priceLineAtShop(dearer, drink, { size: "small", modifierIds: ["opt-ice-regular", "opt-boost-protein"] }),
    ).toMatchObject({ unitPriceCents: 549 + 150 });
  });

  it("tells a drink or an option the shop does not sell from one that is not on the menu", () => {
    expect(priceLineAtShop(CATALOG_AS_IS, undefined, { size: "small" })).toEqual({ kind: "unknown" });
    expect(priceLineAtShop(rules({ drinksNotSold: new Set([drink.id]) }), drink, { size: "small" })).toEqual({
      kind: "not_sold",
    });
    const noProtein = rules({ optionsNotSold: new Set(["opt-boost-protein"]) });
    expect(
      priceLineAtShop(noProtein, drink, { size: "small", modifierIds: ["opt-ice-regular", "opt-boost-protein"] }),
    ).toEqual({ kind: "option_not_sold", index: 1, optionId: "opt-boost-protein" });
    // An id that is none of the drink's options stays a wrong choice, not a shop's gap.
    expect(
      priceLineAtShop(noProtein, drink, { size: "small", modifierIds: ["opt-ice-regular", "opt-milk-oat"] }),
    ).toMatchObject({ kind: "invalid_options" });
  });

  it("makes a line sent without options with the shop's defaults", () => {
    const noRegularIce = rules({ optionsNotSold: new Set(["opt-ice-regular"]) });
    // The required group's default is not sold there: the line must choose another.
    expect(priceLineAtShop(noRegularIce, drink, { size: "small" })).toMatchObject({ kind: "invalid_options" });
    expect(priceLineAtShop(CATALOG_AS_IS, drink, { size: "small" })).toMatchObject({
      kind: "priced",
      modifierIds: ["opt-ice-regular"],
      unitPriceCents: 549,
    });
  });
});
