import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "#common/catalog";
import type { ModifierGroup } from "#common/modifiers";
import { CartDrawer } from "#web/features/cart/cart-drawer";
import ProductPage from "#web/features/product/product-page";
import { useCartStore } from "#web/lib/cart-store";
import { json, menuApi, renderRoutes, resetStores, signInAs, sunriseOrange } from "./storefront-helpers";

const milk: ModifierGroup = {
  id: "grp-milk",
  name: "Milk",
  minSelected: 1,
  maxSelected: 1,
  options: [
    { id: "opt-milk-dairy", name: "Dairy milk", priceCents: 0, isDefault: true },
    { id: "opt-milk-oat", name: "Oat milk", priceCents: 50, isDefault: false },
    { id: "opt-milk-almond", name: "Almond milk", priceCents: 50, isDefault: false },
  ],
};
const boosts: ModifierGroup = {
  id: "grp-boosts",
  name: "Boosts",
  minSelected: 0,
  maxSelected: 2,
  options: [
    { id: "opt-boost-protein", name: "Protein", priceCents: 100, isDefault: false },
    { id: "opt-boost-spirulina", name: "Spirulina", priceCents: 75, isDefault: false },
    { id: "opt-boost-chia", name: "Chia seeds", priceCents: 50, isDefault: false },
  ],
};
/** A required group with no default: the shopper has to choose. */
const sweetness: ModifierGroup = {
  id: "grp-sweetness",
  name: "Sweetness",
  minSelected: 1,
  maxSelected: 1,
  options: [
    { id: "opt-sweet-regular", name: "Regular", priceCents: 0, isDefault: false },
    { id: "opt-sweet-less", name: "Less sweet", priceCents: 0, isDefault: false },
  ],
};

const PATH = "/categories/cat-fresh-juices/products/prd-sunrise-orange";

function renderDrink(groups: ModifierGroup[]) {
  const drink: Product = { ...sunriseOrange, modifierGroups: groups };
  menuApi({ [`GET /api/categories/cat-fresh-juices/products/prd-sunrise-orange`]: () => json(drink) });
  return renderRoutes(
    [
      {
        path: "/categories/:categoryId/products/:id",
        element: (
          <>
            <ProductPage />
            <CartDrawer />
          </>
        ),
      },
    ],
    PATH,
  );
}

const group = (name: RegExp) => screen.getByRole("group", { name });
const runningTotal = () => screen.getByTestId("drink-total");
const addToCart = () => screen.getAllByRole("button", { name: "Add to Cart" })[0]!;

beforeEach(() => {
  resetStores();
  signInAs();
});
afterEach(() => vi.restoreAllMocks());

describe("the drink page's add-on groups", () => {
  it("shows each group as a fieldset named with its rule, the price of each option, and the defaults chosen", async () => {
    renderDrink([milk, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    expect(group(/^Milk/)).toHaveAccessibleName("Milk Choose 1");
    expect(group(/^Boosts/)).toHaveAccessibleName("Boosts Up to 2");
    expect(within(group(/^Milk/)).getByRole("radio", { name: "Dairy milk" })).toBeChecked();
    expect(within(group(/^Milk/)).getByRole("radio", { name: "Oat milk +$0.50" })).not.toBeChecked();
    expect(within(group(/^Boosts/)).getAllByRole("checkbox")).toHaveLength(3);
    expect(within(group(/^Boosts/)).getByRole("checkbox", { name: "Protein +$1.00" })).not.toBeChecked();
    expect(runningTotal()).toHaveTextContent("$5.49");
  });

  it("grows the running price on the page and the buy bar as options are chosen, times the quantity", async () => {
    const user = userEvent.setup();
    renderDrink([milk, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(screen.getByRole("radio", { name: "Oat milk +$0.50" }));
    expect(runningTotal()).toHaveTextContent("$5.99");
    await user.click(screen.getByRole("checkbox", { name: "Protein +$1.00" }));
    expect(runningTotal()).toHaveTextContent("$6.99");
    await user.click(screen.getByRole("button", { name: "Increase quantity of Sunrise Orange" }));
    expect(runningTotal()).toHaveTextContent("$13.98");
    expect(screen.getByRole("button", { name: "Add to Cart · $13.98", hidden: true })).toBeInTheDocument();
  });

  it("keeps a full group from taking more: the unticked boxes are disabled until one is unticked", async () => {
    const user = userEvent.setup();
    renderDrink([milk, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(screen.getByRole("checkbox", { name: "Protein +$1.00" }));
    await user.click(screen.getByRole("checkbox", { name: "Spirulina +$0.75" }));
    expect(screen.getByRole("checkbox", { name: "Chia seeds +$0.50" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Protein +$1.00" }));
    expect(screen.getByRole("checkbox", { name: "Chia seeds +$0.50" })).toBeEnabled();
  });

  it("says which required group is empty when the shopper tries to buy, and adds nothing until it is chosen", async () => {
    const user = userEvent.setup();
    renderDrink([sweetness, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(addToCart());
    expect(within(group(/^Sweetness/)).getByRole("alert")).toHaveTextContent("Sweetness: choose 1");
    expect(group(/^Sweetness/)).toHaveAccessibleDescription("Sweetness: choose 1");
    // The shopper is taken to the group that needs a choice.
    expect(screen.getByRole("radio", { name: "Regular" })).toHaveFocus();
    expect(useCartStore.getState().items).toEqual([]);

    await user.click(screen.getByRole("radio", { name: "Less sweet" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(addToCart());
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({
        id: "Sunrise Orange small + opt-sweet-less",
        options: [{ id: "opt-sweet-less", name: "Less sweet", priceCents: 0, isDefault: false }],
      }),
    ]);
  });

  it("chooses by keyboard like the sizes: arrows move between radios, space ticks a box", async () => {
    const user = userEvent.setup();
    renderDrink([milk, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    screen.getByRole("radio", { name: "Dairy milk" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: "Oat milk +$0.50" })).toBeChecked();
    screen.getByRole("checkbox", { name: "Spirulina +$0.75" }).focus();
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: "Spirulina +$0.75" })).toBeChecked();
    expect(runningTotal()).toHaveTextContent("$6.74");
  });

  it("puts the line in the cart with its options and price; the same choices again merge, other choices do not", async () => {
    const user = userEvent.setup();
    renderDrink([milk, boosts]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const chooseOatAndProtein = async () => {
      await user.click(screen.getByRole("radio", { name: "Oat milk +$0.50" }));
      await user.click(screen.getByRole("checkbox", { name: "Protein +$1.00" }));
    };
    await chooseOatAndProtein();
    await user.click(addToCart());
    // The page starts afresh: the defaults again.
    expect(screen.getByRole("radio", { name: "Dairy milk" })).toBeChecked();
    await chooseOatAndProtein();
    await user.click(addToCart());
    await user.click(addToCart());

    const items = useCartStore.getState().items;
    expect(items.map((item) => [item.quantity, item.priceCents])).toEqual([
      [2, 699],
      [1, 549],
    ]);
    const cart = screen.getByRole("dialog", { name: "Cart" });
    const [withOptions, plain] = within(cart).getAllByRole("listitem");
    expect(withOptions).toHaveTextContent("Oat milk (+$0.50), Protein (+$1.00)");
    // A line of defaults reads as the plain drink: nothing about Dairy milk.
    expect(plain).not.toHaveTextContent("Dairy milk");
    expect(
      within(cart).getByRole("button", { name: "Remove Sunrise Orange (Small) with Oat milk, Protein from cart" }),
    ).toBeInTheDocument();
    expect(within(cart).getByRole("button", { name: "Remove Sunrise Orange (Small) from cart" })).toBeInTheDocument();
  });

  it("shows no groups, and no running total, for a drink without any", async () => {
    renderDrink([]);
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.queryByTestId("drink-total")).not.toBeInTheDocument();
  });
});
