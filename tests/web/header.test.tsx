import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Header } from "../../web/components/layout/header";

function renderHeader(path = "/") {
  const router = createMemoryRouter(
    [{ path: "*", element: <Header /> }],
    { initialEntries: [path] },
  );
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
});
