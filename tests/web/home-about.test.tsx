import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import AboutPage from "#web/features/about/about-page";
import HomePage from "#web/features/home/home-page";

function renderPage(page: React.ReactElement) {
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element: page }])} />);
}

const section = (name: string | RegExp) => screen.getByRole("heading", { name }).closest("section")!;

describe("Home page", () => {
  it("has a banner with two floating review cards, each rated with 5 stars, a title and a text", () => {
    renderPage(<HomePage />);
    const banner = section(/Fresh juice/);
    const reviews = within(banner).getAllByRole("figure");
    expect(reviews).toHaveLength(2);
    for (const review of reviews) {
      const rating = within(review).getByRole("img", { name: /^Rated \d(\.\d)? out of 5$/ });
      expect(rating.querySelectorAll("svg")).toHaveLength(5);
      expect(within(review).getByRole("blockquote")).not.toBeEmptyDOMElement();
    }
    expect(within(reviews[0]!).getByText("Best juice in Anaheim")).toBeInTheDocument();
  });

  it("lists 3 nutrition tips and 4 benefits: digestive, immune, energy, antioxidant", () => {
    renderPage(<HomePage />);
    expect(within(section("Nutrition tips")).getAllByRole("listitem")).toHaveLength(3);
    const benefits = within(section("Good for you, one sip at a time")).getAllByRole("heading", { level: 3 });
    expect(benefits.map((heading) => heading.textContent)).toEqual([
      "Digestive health",
      "Immune support",
      "Natural energy",
      "Antioxidant boost",
    ]);
  });

  it("sends Order Now to the menu and Join Us to the franchise page", () => {
    renderPage(<HomePage />);
    expect(screen.getByRole("link", { name: "Order Now" })).toHaveAttribute("href", "/menu");
    expect(screen.getByRole("link", { name: "Join Us" })).toHaveAttribute("href", "/partnership");
  });

  it("introduces a team of 3, each with a portrait, and ends with a customer quote", () => {
    renderPage(<HomePage />);
    const team = within(section("Meet our team")).getAllByRole("listitem");
    expect(team).toHaveLength(3);
    for (const member of team) {
      expect(within(member).getByRole("img", { name: /^Portrait of / })).toHaveAttribute(
        "src",
        expect.stringMatching(/^\/images\/team\/.+\.svg$/),
      );
    }
    expect(screen.getByRole("region", { name: "What our customers say" })).toHaveTextContent("Renee T.");
  });
});

describe("About page", () => {
  it("says the bar was founded in 2017 and serves California, then shows the team", () => {
    renderPage(<AboutPage />);
    const intro = section(/since 2017/);
    expect(intro).toHaveTextContent("founded in 2017");
    expect(intro).toHaveTextContent("California");
    expect(within(section("Meet our team")).getAllByRole("listitem")).toHaveLength(3);
    expect(document.title).toBe("About Us · Squeeze");
  });
});
