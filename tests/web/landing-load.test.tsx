import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "#web/lib/query-client";
import { loadLandingPage } from "#web/app/router";
import MenuPage from "#web/features/menu/menu-page";
import ProductPage from "#web/features/product/product-page";
import { menuApi, resetStores } from "./storefront-helpers";

// A visit that lands on the menu or a drink arrives with the page already painted from the
// HTML (the worker prerendered it). The app's first render must draw the same page, so it
// waits for the page's data first: a loading state in between would flash over the drinks.

function renderAt(entry: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/menu" element={<MenuPage />} />
          <Route path="/categories/:categoryId/products/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(resetStores);
afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe("landing on a prerendered page", () => {
  it("fetches the menu's categories and the selected category's drinks, then draws them at once", async () => {
    const { calls } = menuApi();
    await loadLandingPage({ pathname: "/menu", search: "?category=green-detox" });
    expect(calls.map((call) => call.url)).toEqual(["/api/categories", "/api/categories/cat-green-detox/products"]);

    renderAt("/menu?category=green-detox");
    expect(screen.getByRole("heading", { name: "Green Machine" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Green & Detox" })).toHaveAttribute("aria-current", "true");
    expect(screen.queryByText("Loading drinks…")).not.toBeInTheDocument();
  });

  it("fetches the drink of a drink's page, then draws it at once", async () => {
    menuApi();
    await loadLandingPage({ pathname: "/categories/cat-fresh-juices/products/prd-sunrise-orange", search: "" });

    renderAt("/categories/cat-fresh-juices/products/prd-sunrise-orange");
    expect(screen.getByRole("heading", { level: 1, name: "Sunrise Orange" })).toBeInTheDocument();
    expect(screen.queryByText("Loading the drink…")).not.toBeInTheDocument();
  });

  it("still starts the app when the drink is missing (the worker prerendered nothing), and the page says so", async () => {
    menuApi();
    // main.tsx renders only once this settles: a failure here must not keep the app from starting.
    await expect(
      loadLandingPage({ pathname: "/categories/cat-fresh-juices/products/prd-gone", search: "" }),
    ).resolves.toBeUndefined();

    renderAt("/categories/cat-fresh-juices/products/prd-gone");
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
  });
});
