import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense, type ReactElement } from "react";
import { BrowserRouter, createMemoryRouter, Route, RouterProvider, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Header } from "#web/shared-features/site-frame/header";

function renderHeader(path = "/") {
  const router = createMemoryRouter([{ path: "*", element: <Header /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function resizeWindowTo(width: number) {
  act(() => {
    Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event("resize"));
  });
}

const burger = () => screen.getByRole("button", { name: /open menu|close menu/i });
const mobileMenu = () => screen.queryByRole("navigation", { name: "Mobile" });

afterEach(() => resizeWindowTo(1024));

describe("Header", () => {
  it("links Home, About Us, Menu and Contact Us, and marks the current page", () => {
    renderHeader("/about");
    const main = screen.getByRole("navigation", { name: "Main" });
    const links = within(main).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["About Us", "/about"],
      ["Menu", "/menu"],
      ["Contact Us", "/contact"],
    ]);
    expect(within(main).getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    expect(within(main).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("leads to the menu with its main call to action", () => {
    renderHeader("/about");
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Order now" })).toHaveAttribute("href", "/menu");
    expect(within(banner).getByRole("link", { name: "Order now" })).toHaveClass("btn--primary");
  });

  it("has a Franchise button that goes to the partnership page", () => {
    renderHeader();
    const franchise = screen.getAllByRole("link", { name: "Franchise" })[0]!;
    expect(franchise).toHaveAttribute("href", "/partnership");
  });

  it("toggles the mobile menu with the burger", async () => {
    const user = userEvent.setup();
    resizeWindowTo(390);
    renderHeader();
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(burger()).toHaveAttribute("aria-expanded", "false");

    await user.click(burger());
    expect(burger()).toHaveAttribute("aria-expanded", "true");
    expect(burger()).toHaveAccessibleName("Close menu");
    const menu = mobileMenu()!;
    expect(within(menu).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    expect(within(menu).getByRole("link", { name: "Franchise" })).toHaveAttribute("href", "/partnership");
    expect(within(menu).getByRole("link", { name: "My orders" })).toHaveAttribute("href", "/orders");
    expect(within(menu).getByRole("link", { name: "My account" })).toHaveAttribute("href", "/account");

    await user.click(burger());
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(burger()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu by itself once the window is wider than 1024 px", async () => {
    const user = userEvent.setup();
    resizeWindowTo(800);
    renderHeader();
    await user.click(burger());
    expect(mobileMenu()).toBeInTheDocument();

    resizeWindowTo(1024); // not wider than 1024: stays open
    expect(mobileMenu()).toBeInTheDocument();

    resizeWindowTo(1025);
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(burger()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu on Escape and after following one of its links", async () => {
    const user = userEvent.setup();
    resizeWindowTo(390);
    const router = renderHeader();

    await user.click(burger());
    await user.keyboard("{Escape}");
    expect(mobileMenu()).not.toBeInTheDocument();

    await user.click(burger());
    await user.click(within(mobileMenu()!).getByRole("link", { name: "Menu" }));
    expect(router.state.location.pathname).toBe("/menu");
    expect(mobileMenu()).not.toBeInTheDocument();
  });

  it("keeps a tap on the burger made while the next page is still loading", async () => {
    // As in the app: the browser's router, whose new page is a transition that waits for the
    // page's code; the address changes at once, the page (and the header's location) later.
    window.history.replaceState(null, "", "/");
    let arrive: (page: { default: () => ReactElement }) => void = () => {};
    const SlowMenuPage = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    resizeWindowTo(390);
    render(
      <BrowserRouter>
        <Header />
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route index element={<h1>Home</h1>} />
            <Route path="menu" element={<SlowMenuPage />} />
          </Routes>
        </Suspense>
      </BrowserRouter>,
    );

    await user.click(burger());
    await user.click(within(mobileMenu()!).getByRole("link", { name: "Menu" }));
    expect(window.location.pathname).toBe("/menu");
    expect(mobileMenu()).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Home" })).toBeInTheDocument(); // still on its way

    await user.click(burger());
    expect(mobileMenu()).toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Our Menu</h1> }));
    expect(await screen.findByRole("heading", { name: "Our Menu" })).toBeInTheDocument();
    expect(mobileMenu()).toBeInTheDocument();
    expect(burger()).toHaveAttribute("aria-expanded", "true");

    // Leaving for another page with the menu open still folds it away.
    await user.click(screen.getAllByRole("link", { name: "Home" })[0]!);
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(mobileMenu()).not.toBeInTheDocument();
  });
});
