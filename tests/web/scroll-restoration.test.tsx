import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { Link } from "#web/components/link";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollRestoration } from "#web/app/scroll-restoration";

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <ScrollRestoration />
      <Routes>
        <Route path="/menu" element={<Link to="/about">About Us</Link>} />
        <Route path="/about" element={<p>About page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  // jsdom has no layout to scroll: record where the page is sent instead.
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("scroll position", () => {
  it("leaves the page a visit lands on where the shopper has scrolled it, and starts the next page at the top", async () => {
    renderAt("/menu");
    // The shopper may already be reading down the prerendered page when the app takes over.
    expect(scrollTo).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole("link", { name: "About Us" }));
    expect(await screen.findByText("About page")).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "instant" });
  });
});
