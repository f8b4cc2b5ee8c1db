import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthModal } from "#web/features/auth/auth-modal";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { CartDrawer } from "#web/features/cart/cart-drawer";
import { cartLineId, useCartStore } from "#web/lib/cart-store";
import ProductPage from "#web/features/product/product-page";
import {
  json,
  menuApi,
  renderRoutes,
  resetStores,
  signedInUser,
  signInAs,
  termsAndDefinitions,
} from "./storefront-helpers";

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
/** A size's button: its name starts with the size and goes on with its price. */
const sizeButton = (size: string) =>
  within(screen.getByRole("group", { name: "Size" })).getByRole("button", { name: new RegExp(`^${size}\\b`) });
const shownPrice = () => screen.getByTestId("drink-price");

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("product page", () => {
  it("shows the drink: image, name, description, rating and price", async () => {
    menuApi();
    renderProduct();
    expect(await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Sunrise Orange" })).toHaveAttribute(
      "src",
      "/images/drinks/sunrise-orange.svg",
    );
    expect(screen.getByText("Cold-pressed Valencia oranges with a squeeze of blood orange.")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeInTheDocument();
    expect(shownPrice()).toHaveTextContent("$5.49");
    expect(screen.getByLabelText("Add A Comment with Your Order")).toBeInTheDocument();
  });

  it("offers sizes small, medium, large in that order, never default, and the price follows the size", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });

    expect(sizeButtons().map((button) => button.querySelector(".size-picker__name")?.textContent)).toEqual([
      "Small",
      "Medium",
      "Large",
    ]);
    expect(screen.queryByRole("button", { name: /default|regular/i })).not.toBeInTheDocument();
    expect(sizeButton("Small")).toHaveAttribute("aria-pressed", "true");

    await user.click(sizeButton("Large"));
    expect(sizeButton("Large")).toHaveAttribute("aria-pressed", "true");
    expect(sizeButton("Small")).toHaveAttribute("aria-pressed", "false");
    expect(shownPrice()).toHaveTextContent("$8.49");
    expect(shownPrice()).not.toHaveTextContent("$5.49");
  });

  it("shows each size's price on its button, and the sale price of a size on sale", async () => {
    menuApi();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    expect(sizeButton("Small")).toHaveAccessibleName("Small $5.49");
    expect(sizeButton("Large")).toHaveAccessibleName("Large $8.49");
    // (jsdom drops the spaces a browser keeps at the ends of the hidden words.)
    expect(sizeButton("Medium")).toHaveAccessibleName(/^Medium Original price: ?\$6\.99 Now ?\$6\.49$/);
    expect(within(sizeButton("Medium")).getByText("$6.99", { exact: false }).closest("s")).not.toBeNull();
  });

  it("strikes through the original price of a size on sale with the sale price beside it", async () => {
    menuApi();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(sizeButton("Medium"));

    const original = within(shownPrice()).getByText("$6.99", { exact: false }).closest("s");
    expect(original).toHaveTextContent("Original price: $6.99");
    expect(within(shownPrice()).getByText("$6.49")).toBeInTheDocument();
    expect(within(shownPrice()).getByText("$6.49").closest("s")).toBeNull();
  });

  it("shows no size buttons for a drink without sizes, and its default price", async () => {
    menuApi();
    renderProduct("/categories/cat-green-detox/products/prd-charcoal-lemonade");
    await screen.findByRole("heading", { level: 1, name: "Charcoal Lemon" });
    expect(screen.queryByRole("group", { name: "Size" })).not.toBeInTheDocument();
    expect(shownPrice()).toHaveTextContent("$6.99");
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

    await user.click(sizeButton("Large"));
    await user.type(screen.getByLabelText("Add A Comment with Your Order"), "No ice");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent("message", {
          origin: window.location.origin,
          data: { source: "squeeze-auth", provider: "google", ok: true },
        }),
      );
    });

    expect(await screen.findByRole("dialog", { name: "Cart" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({
        id: cartLineId("Sunrise Orange", "large", "No ice"),
        size: "large",
        priceCents: 849,
        quantity: 1,
        comment: "No ice",
      }),
    ]);
    expect(useAuthModalStore.getState().isOpen).toBe(false);
  });

  it("for a signed-in shopper, Add to Cart adds at the sale price and opens the drawer", async () => {
    menuApi();
    signInAs();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    await user.click(sizeButton("Medium"));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));

    expect(await screen.findByRole("dialog", { name: "Cart" })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({
        name: "Sunrise Orange",
        size: "medium",
        priceCents: 649,
        quantity: 1,
        productId: "prd-sunrise-orange",
        categoryId: "cat-fresh-juices",
      }),
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

  it("shows the drink's ingredients and nutrition", async () => {
    menuApi();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const facts = termsAndDefinitions(document.body);
    expect(facts).toEqual([
      ["Ingredients", "Orange, blood orange"],
      ["Nutrition", "110 kcal · 22 g sugar · 2 g protein (small)"],
    ]);
  });

  it("shows only what is known: ingredients without a nutrition line", async () => {
    menuApi();
    renderProduct("/categories/cat-green-detox/products/prd-charcoal-lemonade");
    await screen.findByRole("heading", { level: 1, name: "Charcoal Lemon" });
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual(["Ingredients"]);
    expect(screen.queryByText(/kcal/)).not.toBeInTheDocument();
  });

  it("adds as many as the quantity stepper says, never fewer than 1, and starts afresh after adding", async () => {
    menuApi();
    signInAs();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const minus = screen.getByRole("button", { name: "Decrease quantity of Sunrise Orange" });
    const plus = screen.getByRole("button", { name: "Increase quantity of Sunrise Orange" });
    const count = screen.getByLabelText("Quantity of Sunrise Orange", { selector: "output" });
    expect(count).toHaveTextContent("1");
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    await user.click(minus);
    expect(count).toHaveTextContent("3");
    await user.click(sizeButton("Large"));
    await user.type(screen.getByLabelText("Add A Comment with Your Order"), "Less ice");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));

    expect(useCartStore.getState().items).toEqual([
      expect.objectContaining({ size: "large", quantity: 3, priceCents: 849, comment: "Less ice" }),
    ]);
    expect(screen.getByLabelText("Add A Comment with Your Order")).toHaveValue("");
    expect(count).toHaveTextContent("1");
  });

  it("keeps both notes when the same drink and size is added twice with different notes", async () => {
    menuApi();
    signInAs();
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const note = screen.getByLabelText("Add A Comment with Your Order");
    await user.type(note, "No ice");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.keyboard("{Escape}");
    await user.type(note, "Extra cold");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));

    expect(useCartStore.getState().items.map((item) => [item.comment, item.quantity])).toEqual([
      ["No ice", 1],
      ["Extra cold", 1],
      ["", 1],
    ]);
  });

  describe("the buy bar on a phone", () => {
    let observed: { callback: IntersectionObserverCallback; target?: Element } | undefined;
    beforeEach(() => {
      observed = undefined;
      vi.stubGlobal(
        "IntersectionObserver",
        class {
          constructor(callback: IntersectionObserverCallback) {
            observed = { callback };
          }
          observe(target: Element) {
            observed!.target = target;
          }
          disconnect() {}
          unobserve() {}
          takeRecords() {
            return [];
          }
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    /**
     * The page's own buttons are now above the window (scrolled away) or back in it. The page starts
     * watching them in an effect, which React may run just after the heading shows: wait for it.
     */
    async function scrollButtons(where: "above" | "in view" | "below") {
      await waitFor(() => expect(observed?.target).toBeDefined());
      const bottom = where === "above" ? -20 : where === "in view" ? 400 : 1400;
      act(() =>
        observed!.callback(
          [{ isIntersecting: where === "in view", boundingClientRect: { bottom } } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
    }

    it("appears once the page's buttons scroll away, with the total for the size and quantity, and adds from there", async () => {
      menuApi();
      signInAs();
      const user = userEvent.setup();
      renderProduct();
      await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
      await waitFor(() =>
        expect(observed?.target).toContainElement(screen.getByRole("button", { name: "Add to Cart" })),
      );
      expect(screen.queryByRole("button", { name: /Add to Cart · / })).not.toBeInTheDocument();
      await scrollButtons("below"); // not reached yet: no bar
      expect(screen.queryByRole("button", { name: /Add to Cart · / })).not.toBeInTheDocument();

      await user.click(sizeButton("Large"));
      await user.click(screen.getByRole("button", { name: "Increase quantity of Sunrise Orange" }));
      await scrollButtons("above");
      const bar = screen.getByTestId("buy-bar");
      expect(within(bar).getByRole("button", { name: "Add to Cart · $16.98" })).toBeVisible();
      expect(within(bar).getByRole("button", { name: "Order Now" })).toBeVisible();

      await user.click(within(bar).getByRole("button", { name: "Add to Cart · $16.98" }));
      expect(await screen.findByRole("dialog", { name: "Cart" })).toBeInTheDocument();
      expect(useCartStore.getState().items).toEqual([
        expect.objectContaining({ size: "large", quantity: 2, priceCents: 849 }),
      ]);
      await user.keyboard("{Escape}");
      // Back to one after adding: the bar says so.
      expect(within(bar).getByRole("button", { name: "Add to Cart · $8.49" })).toBeInTheDocument();

      await scrollButtons("in view");
      expect(screen.queryByRole("button", { name: /Add to Cart · / })).not.toBeInTheDocument();
    });

    it("orders from the bar: Order Now adds and goes to checkout", async () => {
      menuApi();
      signInAs();
      const user = userEvent.setup();
      const { router } = renderProduct();
      await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
      await scrollButtons("above");
      await user.click(within(screen.getByTestId("buy-bar")).getByRole("button", { name: "Order Now" }));
      expect(await screen.findByRole("heading", { name: "Checkout" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/checkout");
      expect(useCartStore.getState().items).toEqual([expect.objectContaining({ size: "small", quantity: 1 })]);
    });
  });

  it.each([
    ["card", /We take cards: you pay securely online at checkout, tip included/],
    [
      "on_pickup",
      /You pay at the counter when you pick up your order, or at the door when we deliver it; nothing is charged online/,
    ],
  ] as const)(
    "answers the payment question with what this shop accepts (%s), asked only once opened",
    async (accepts, answer) => {
      const { calls } = menuApi({ "GET /api/payment-methods": () => json({ accepts }) });
      const user = userEvent.setup();
      renderProduct();
      await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
      expect(calls.map((call) => call.url)).not.toContain("/api/payment-methods");

      await user.click(screen.getByRole("button", { name: "Which payment methods do you accept?" }));
      expect(await screen.findByText(answer)).toBeVisible();
      expect(screen.getByRole("region", { name: "Which payment methods do you accept?" })).not.toHaveTextContent(
        /configur|enabled|stripe/i,
      );
    },
  );

  it("answers the payment question with the mode in force when it is opened again later", async () => {
    let accepts = "on_pickup";
    menuApi({ "GET /api/payment-methods": () => json({ accepts }) });
    const user = userEvent.setup();
    renderProduct();
    await screen.findByRole("heading", { level: 1, name: "Sunrise Orange" });
    const question = screen.getByRole("button", { name: "Which payment methods do you accept?" });
    await user.click(question);
    expect(await screen.findByText(/nothing is charged online/)).toBeVisible();
    await user.click(question);

    // The owner turns card payment on; the shopper opens the answer again a minute later.
    accepts = "card";
    const later = Date.now() + 60_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    await user.click(question);
    expect(await screen.findByText(/We take cards/)).toBeVisible();
    expect(screen.queryByText(/nothing is charged online/)).not.toBeInTheDocument();
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
