import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthModal } from "../../web/features/auth/auth-modal";
import { useAuthModalStore } from "../../web/features/auth/auth-modal-store";
import { CartDrawer } from "../../web/features/cart/cart-drawer";
import { cartLineId, useCartStore } from "../../web/features/cart/cart-store";
import ProductPage from "../../web/features/product/product-page";
import { json, menuApi, renderRoutes, resetStores, signedInUser, signInAs } from "./storefront-helpers";

function renderProduct(path = "/categories/cat-fresh-juices/products/prd-sunrise-orange") {
  return renderRoutes(
    [
      {
        path: "/categories/:categoryId/products/:id",
        element: (
          <>
            <ProductPage />
            <CartDrawer />
            <AuthModal />
          </>
        ),
      },
      { path: "/checkout", element: <h1>Checkout</h1> },
    ],
    path,
  );
}

const sizeButtons = () => within(screen.getByRole("group", { name: "Size" })).getAllByRole("button");

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("product page", () => {
  it("shows the drink: image, name, description, rating and price", async () => {
    menuApi();
    renderProduct();
    expect(await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Sunrise Orange" })).toHaveAttribute("src", "/images/drinks/sunrise-orange.svg");
    expect(screen.getByText("Cold-pressed Valencia oranges with a squeeze of blood orange.")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("$5.49")).toBeInTheDocument();
    expect(screen.getByLabelText("Add A Comment with Your Order")).toBeInTheDocument();
  });

  it("offers sizes small, medium, large in that order, never default, and the price follows the size", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });

    expect(sizeButtons().map((button) => button.textContent)).toEqual(["Small", "Medium", "Large"]);
    expect(screen.queryByRole("button", { name: /default|regular/i })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Small" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Large" }));
    expect(screen.getByRole("button", { name: "Large" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Small" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("$8.49")).toBeInTheDocument();
    expect(screen.queryByText("$5.49")).not.toBeInTheDocument();
  });

  it("strikes through the original price of a discounted size with the discounted price beside it", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(screen.getByRole("button", { name: "Medium" }));

    const original = screen.getByText("$6.99", { exact: false }).closest("s");
    expect(original).not.toBeNull();
    expect(original).toHaveTextContent("Original price: $6.99");
    expect(screen.getByText("$6.49")).toBeInTheDocument();
    expect(screen.getByText("$6.49").closest("s")).toBeNull();
  });

  it("shows no size buttons for a drink without sizes, and its default price", async () => {
    menuApi();
    renderProduct("/categories/cat-green-detox/products/prd-charcoal-lemonade");
    await screen.findByRole("heading", { level: 1, name: "Charcoal Lemon" });
    expect(screen.queryByRole("group", { name: "Size" })).not.toBeInTheDocument();
    expect(screen.getByText("$6.99")).toBeInTheDocument();
  });

  it("gives a guest the sign-in modal instead of adding to the cart", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });

    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    const modal = await screen.findByRole("dialog", { name: "Welcome" });
    expect(within(modal).getByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Sign in with Apple" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
    expect(screen.queryByRole("dialog", { name: "Cart" })).not.toBeInTheDocument();

    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Order Now" }));
    expect(await screen.findByRole("dialog", { name: "Welcome" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it("adds the drink the guest wanted once they have signed in", async () => {
    menuApi({ "GET /api/me": () => json(signedInUser) });
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });

    await user.click(screen.getByRole("button", { name: "Large" }));
    await user.type(screen.getByLabelText("Add A Comment with Your Order"), "No ice");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent("message", { origin: window.location.origin, data: { source: "squeeze-auth", provider: "google", ok: true } }),
      );
    });

    expect(await screen.findByRole("dialog", { name: "Cart" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({ id: cartLineId("Sunrise Orange", "large"), size: "large", priceCents: 849, quantity: 1, comment: "No ice" }),
    ]);
    expect(useAuthModalStore.getState().isOpen).toBe(false);
  });

  it("for a signed-in shopper, Add to Cart adds at the discounted price and opens the drawer", async () => {
    menuApi();
    signInAs();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(screen.getByRole("button", { name: "Medium" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));

    expect(await screen.findByRole("dialog", { name: "Cart" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({ name: "Sunrise Orange", size: "medium", priceCents: 649, quantity: 1, productId: "prd-sunrise-orange", categoryId: "cat-fresh-juices" }),
    ]);
  });

  it("for a signed-in shopper, Order Now adds and goes to checkout", async () => {
    menuApi();
    signInAs();
    const user = userEvent.setup();
    const { router } = renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(screen.getByRole("button", { name: "Order Now" }));

    expect(await screen.findByRole("heading", { name: "Checkout" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");
    expect(useCartStore.getState().items).toEqual([expect.objectContaining({ size: "small", priceCents: 549 })]);
  });

  it("has a 7-question FAQ with one answer open at a time", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const faq = screen.getByRole("region", { name: "Frequently asked questions" });
    const questions = within(faq).getAllByRole("button");
    expect(questions).toHaveLength(7);
    questions.forEach((question) => expect(question).toHaveAttribute("aria-expanded", "false"));

    const delivery = within(faq).getByRole("button", { name: "How long does delivery take?" });
    await user.click(delivery);
    expect(delivery).toHaveAttribute("aria-expanded", "true");
    expect(within(faq).getByText(/60-90 minutes/)).toBeVisible();

    const password = within(faq).getByRole("button", { name: "How do I reset my password?" });
    await user.click(password);
    expect(password).toHaveAttribute("aria-expanded", "true");
    expect(delivery).toHaveAttribute("aria-expanded", "false");
    expect(within(faq).getByText(/Squeeze has no passwords/)).toBeVisible();
    expect(within(faq).queryByText(/60-90 minutes/)).not.toBeVisible();
    expect(questions.filter((question) => question.getAttribute("aria-expanded") === "true")).toHaveLength(1);

    await user.click(password);
    expect(password).toHaveAttribute("aria-expanded", "false");
  });

  it("says 'Product not found' for a drink that does not exist", async () => {
    menuApi({
      "GET /api/categories/cat-fresh-juices/products/prd-nope": () =>
        json({ error: { code: "not_found", message: "Product not found" } }, 404),
    });
    renderProduct("/categories/cat-fresh-juices/products/prd-nope");
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
  });

  it("shows 'Error: ' and the error text when the drink cannot be loaded", async () => {
    menuApi({
      "GET /api/categories/cat-fresh-juices/products/prd-sunrise-orange": () =>
        json({ error: { code: "internal", message: "Database unavailable" } }, 500),
    });
    renderProduct();
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: Database unavailable");
  });
});
