import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import MenuPage from "#web/features/menu/menu-page";
import { json, menuApi, renderRoutes, resetStores } from "./storefront-helpers";

function renderMenu(entry = "/menu") {
  return renderRoutes(
    [
      { path: "/menu", element: <MenuPage /> },
      { path: "/categories/:categoryId/products/:id", element: <p>Product page</p> },
    ],
    entry,
  );
}

const chip = (name: string) => screen.getByRole("link", { name });

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("menu page", () => {
  it("shows skeletons, then selects the first category and shows its drinks", async () => {
    const { calls } = menuApi();
    renderMenu();
    expect(screen.getByRole("status")).toHaveTextContent("Loading drinks");

    expect(await screen.findByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Apple Ginger Zing" })).toBeInTheDocument();
    expect(chip("Fresh Juices")).toHaveAttribute("aria-current", "true");
    expect(chip("Green & Detox")).not.toHaveAttribute("aria-current");
    expect(calls.map((call) => call.url)).toContain("/api/categories/cat-fresh-juices/products");
    expect(calls.map((call) => call.url)).not.toContain("/api/categories/cat-green-detox/products");
  });

  it("shows each card's image, description, rating and the small-size price", async () => {
    menuApi();
    renderMenu();
    const card = (await screen.findByRole("heading", { name: "Sunrise Orange" })).closest("article")!;
    expect(within(card).getByText("Cold-pressed Valencia oranges with a squeeze of blood orange.")).toBeInTheDocument();
    expect(within(card).getByRole("img", { name: "Rated 4.8 out of 5" })).toBeInTheDocument();
    expect(card.querySelector("img[src='/images/drinks/sunrise-orange.svg']")).not.toBeNull();
    expect(within(card).getByText("$5.49")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Sunrise Orange" })).toHaveAttribute(
      "href",
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    );
  });

  it("says 'from' when the sizes differ in price, not for a drink with one price, and shows the rating as a number", async () => {
    menuApi();
    const user = userEvent.setup();
    renderMenu();
    const sunrise = (await screen.findByRole("heading", { name: "Sunrise Orange" })).closest("article")!;
    expect(within(sunrise).getByText("from")).toBeInTheDocument();
    expect(sunrise.querySelector(".product-card__price")).toHaveTextContent(/^from\s*\$5\.49$/);
    expect(within(sunrise).getByText("4.8")).toBeInTheDocument();

    await user.click(chip("Green & Detox"));
    const charcoal = (await screen.findByRole("heading", { name: "Charcoal Lemon" })).closest("article")!;
    expect(within(charcoal).queryByText("from")).not.toBeInTheDocument();
    expect(within(charcoal).getByText("3.9")).toBeInTheDocument();
  });

  it("strikes through the original price of a drink on sale and shows the sale price", async () => {
    menuApi();
    renderMenu();
    const card = (await screen.findByRole("heading", { name: "Apple Ginger Zing" })).closest("article")!;
    const struck = card.querySelector("s");
    expect(struck).toHaveTextContent("Original price: $5.99");
    expect(within(card).getByText("$4.99")).toBeInTheDocument();
  });

  it("puts the chosen category in the URL and loads its drinks, default price for a drink without sizes", async () => {
    menuApi();
    const user = userEvent.setup();
    const { router } = renderMenu();
    await screen.findByRole("heading", { name: "Sunrise Orange" });

    await user.click(chip("Green & Detox"));
    expect(await screen.findByRole("heading", { name: "Green Machine" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?category=green-detox");
    expect(chip("Green & Detox")).toHaveAttribute("aria-current", "true");
    const charcoal = screen.getByRole("heading", { name: "Charcoal Lemon" }).closest("article")!;
    expect(within(charcoal).getByText("$6.99")).toBeInTheDocument();
  });

  it("opens the category named in the URL (a reload or a shared link)", async () => {
    menuApi();
    renderMenu("/menu?category=green-detox");
    expect(await screen.findByRole("heading", { name: "Green Machine" })).toBeInTheDocument();
    expect(chip("Green & Detox")).toHaveAttribute("aria-current", "true");
    expect(screen.queryByRole("heading", { name: "Sunrise Orange" })).not.toBeInTheDocument();
  });

  it("falls back to the first category for an unknown slug", async () => {
    menuApi();
    renderMenu("/menu?category=no-such-thing");
    expect(await screen.findByRole("heading", { name: "Sunrise Orange" })).toBeInTheDocument();
    expect(chip("Fresh Juices")).toHaveAttribute("aria-current", "true");
  });

  it("says so when a category has no drinks", async () => {
    menuApi();
    renderMenu("/menu?category=bubble-tea");
    expect(await screen.findByText("No drinks in this category")).toBeInTheDocument();
  });

  it("shows a failed load instead of swallowing it", async () => {
    menuApi({
      "GET /api/categories": () => json({ error: { code: "internal", message: "The menu is unavailable" } }, 500),
    });
    renderMenu();
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: The menu is unavailable");
  });

  it("shows a failed drinks load for the selected category", async () => {
    menuApi({
      "GET /api/categories/cat-fresh-juices/products": () =>
        json({ error: { code: "internal", message: "Database busy" } }, 503),
    });
    renderMenu();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Error: Database busy"));
  });
});
