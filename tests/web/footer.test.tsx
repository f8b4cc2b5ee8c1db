import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Footer } from "#web/shared-features/site-frame/footer";
import { brand } from "#web/config/brand";

function renderFooter() {
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element: <Footer /> }])} />);
  return screen.getByRole("contentinfo");
}

describe("Footer", () => {
  it("shows the product name and the tagline", () => {
    const footer = renderFooter();
    expect(within(footer).getByRole("link", { name: "Squeeze home" })).toHaveAttribute("href", "/");
    expect(within(footer).getByText("Revitalize your senses, one sip at a time.")).toBeInTheDocument();
  });

  it("makes the phone a call link, the e-mail a mail link and the address a map search", () => {
    const footer = renderFooter();
    expect(within(footer).getByRole("link", { name: "+1 714 215 4499" })).toHaveAttribute("href", "tel:+17142154499");
    expect(within(footer).getByRole("link", { name: brand.email.display })).toHaveAttribute(
      "href",
      `mailto:${brand.email.display}`,
    );
    const map = within(footer).getByRole("link", { name: /512 South Brookhurst st #4 Anaheim, CA, 92804/ });
    const href = new URL(map.getAttribute("href")!);
    expect(href.hostname).toBe("www.google.com");
    expect(href.pathname).toBe("/maps/search/");
    expect(href.searchParams.get("query")).toBe("512 South Brookhurst st #4 Anaheim, CA, 92804");
  });

  it("has three named social links that open in a new tab", () => {
    const footer = renderFooter();
    const socials = ["Instagram", "Facebook", "Google Maps"].map((network) =>
      within(footer).getByRole("link", { name: new RegExp(`Squeeze on ${network}`) }),
    );
    expect(socials.map((link) => new URL(link.getAttribute("href")!).hostname)).toEqual([
      "www.instagram.com",
      "www.facebook.com",
      "maps.google.com",
    ]);
    for (const link of socials) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
  });

  it("carries the copyright line with 2025 and the owner's first name", () => {
    const footer = renderFooter();
    expect(within(footer).getByText(/© 2025 Maya\b/)).toBeInTheDocument();
  });
});
