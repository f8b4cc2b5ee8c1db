import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthModal } from "#web/features/auth/auth-modal";
import { CartButton } from "#web/features/cart/cart-button";
import { CartDrawer } from "#web/features/cart/cart-drawer";
import { cartLineId, useCartStore, type NewCartItem } from "#web/lib/cart-store";
import { renderRoutes, resetStores, signInAs } from "./storefront-helpers";

function item(name: string, size: string, priceCents: number, quantity = 1): NewCartItem {
  return {
    id: cartLineId(name, size),
    productId: `prd-${name.toLowerCase().replace(/ /g, "-")}`,
    categoryId: "cat-fresh-juices",
    name,
    priceCents,
    size,
    quantity,
    comment: "",
    image: `/images/drinks/${name}.svg`,
  };
}

function renderDrawer(entry = "/menu") {
  return renderRoutes(
    [
      {
        path: "*",
        element: (
          <>
            <CartButton />
            <CartDrawer />
            <AuthModal />
          </>
        ),
      },
    ],
    entry,
  );
}

const drawer = () => screen.getByRole("dialog", { name: "Cart" });

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("cart drawer", () => {
  it("shows the same drink and size with two notes as two lines, each with its note and its own buttons", async () => {
    signInAs();
    const user = userEvent.setup();
    const withNote = (comment: string) => ({
      ...item("Berry Blast", "small", 599),
      id: cartLineId("Berry Blast", "small", comment),
      comment,
    });
    useCartStore.getState().addItem(withNote("no ice"));
    useCartStore.getState().addItem(withNote("extra cold"));
    useCartStore.getState().open();
    renderDrawer();
    const lines = within(drawer()).getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent("“no ice”");
    expect(lines[1]).toHaveTextContent("“extra cold”");

    await user.click(
      within(drawer()).getByRole("button", { name: "Increase quantity of Berry Blast (Small, “extra cold”)" }),
    );
    expect(within(drawer()).getByLabelText("Quantity of Berry Blast (Small, “extra cold”)")).toHaveTextContent("2");
    expect(within(drawer()).getByLabelText("Quantity of Berry Blast (Small, “no ice”)")).toHaveTextContent("1");
    await user.click(within(drawer()).getByRole("button", { name: "Remove Berry Blast (Small, “no ice”) from cart" }));
    expect(useCartStore.getState().items.map((line) => [line.comment, line.quantity])).toEqual([["extra cold", 2]]);
  });

  it("opens from the cart icon for a signed-in shopper, with a close icon", async () => {
    signInAs();
    const user = userEvent.setup();
    renderDrawer();
    await user.click(screen.getByRole("button", { name: "Cart, empty" }));
    expect(drawer()).toBeInTheDocument();
    await user.click(within(drawer()).getByRole("button", { name: "Close cart" }));
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();
  });

  it("opens the sign-in modal instead for a guest", async () => {
    const user = userEvent.setup();
    renderDrawer();
    await user.click(screen.getByRole("button", { name: "Cart, empty" }));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();
  });

  it("shows the item count on the cart icon", () => {
    signInAs();
    useCartStore.getState().addItem(item("Berry Blast", "small", 599, 2));
    useCartStore.getState().addItem(item("Ginger Fire Shot", "default", 349, 1));
    renderDrawer();
    expect(screen.getByRole("button", { name: "Cart, 3 items" })).toHaveTextContent("3");
  });

  it("when empty says so, and Go Shopping goes to the menu and closes the drawer", async () => {
    signInAs();
    useCartStore.getState().open();
    const user = userEvent.setup();
    const { router } = renderDrawer("/about");
    expect(within(drawer()).getByText("Your cart is empty.")).toBeInTheDocument();
    await user.click(within(drawer()).getByRole("button", { name: "Go Shopping" }));
    expect(router.state.location.pathname).toBe("/menu");
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();
  });

  it("lists each line with image, name, $ price, size and quantity, and the total with 2 decimals", () => {
    signInAs();
    useCartStore.getState().addItem(item("Berry Blast", "small", 599, 2));
    useCartStore.getState().addItem(item("Ginger Fire Shot", "default", 350, 1));
    useCartStore.getState().open();
    renderDrawer();
    const lines = within(drawer()).getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    const berry = lines[0]!;
    expect(within(berry).getByText("Berry Blast")).toBeInTheDocument();
    expect(within(berry).getByText("$5.99")).toBeInTheDocument();
    expect(within(berry).getByText("Small")).toBeInTheDocument();
    expect(berry.querySelector("img")).toHaveAttribute("src", "/images/drinks/Berry Blast.svg");
    expect(within(berry).getByLabelText("Quantity of Berry Blast (Small)")).toHaveTextContent("2");
    expect(within(drawer()).getByTestId("cart-total")).toHaveTextContent("$15.48");
  });

  it("disables minus at quantity 1, and plus and minus change the quantity and the total", async () => {
    signInAs();
    useCartStore.getState().addItem(item("Berry Blast", "small", 500, 1));
    useCartStore.getState().open();
    const user = userEvent.setup();
    renderDrawer();
    const minus = within(drawer()).getByRole("button", { name: "Decrease quantity of Berry Blast (Small)" });
    const plus = within(drawer()).getByRole("button", { name: "Increase quantity of Berry Blast (Small)" });
    expect(minus).toBeDisabled();
    expect(within(drawer()).getByTestId("cart-total")).toHaveTextContent("$5.00");

    await user.click(plus);
    await user.click(plus);
    expect(within(drawer()).getByLabelText("Quantity of Berry Blast (Small)")).toHaveTextContent("3");
    expect(within(drawer()).getByTestId("cart-total")).toHaveTextContent("$15.00");
    expect(minus).toBeEnabled();

    await user.click(minus);
    await user.click(minus);
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(useCartStore.getState().items[0]?.quantity).toBe(1);
  });

  it("removes a line with its X", async () => {
    signInAs();
    useCartStore.getState().addItem(item("Berry Blast", "small", 599));
    useCartStore.getState().addItem(item("Mango Tango", "large", 999));
    useCartStore.getState().open();
    const user = userEvent.setup();
    renderDrawer();
    await user.click(within(drawer()).getByRole("button", { name: "Remove Berry Blast (Small) from cart" }));
    expect(within(drawer()).queryByText("Berry Blast")).not.toBeInTheDocument();
    expect(within(drawer()).getByTestId("cart-total")).toHaveTextContent("$9.99");
    await user.click(within(drawer()).getByRole("button", { name: "Remove Mango Tango (Large) from cart" }));
    expect(within(drawer()).getByText("Your cart is empty.")).toBeInTheDocument();
  });

  it("Checkout closes the drawer and goes to checkout", async () => {
    signInAs();
    useCartStore.getState().addItem(item("Berry Blast", "small", 599));
    useCartStore.getState().open();
    const user = userEvent.setup();
    const { router } = renderDrawer();
    await user.click(within(drawer()).getByRole("button", { name: "Checkout" }));
    expect(router.state.location.pathname).toBe("/checkout");
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();
  });

  it("closes on Escape", async () => {
    signInAs();
    useCartStore.getState().open();
    const user = userEvent.setup();
    renderDrawer();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();
  });
});
