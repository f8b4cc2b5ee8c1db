import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import HomePage from "#web/features/home/home-page";
import {
  charcoalLemon,
  greenMachine,
  json,
  mockApi,
  renderRoutes,
  resetStores,
  sunriseOrange,
} from "./storefront-helpers";

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe("the home page's popular drinks", () => {
  it("shows the featured drinks with their prices, each linking to its page, right after the banner", async () => {
    const { calls } = mockApi({
      "GET /api/products/featured": () => json([sunriseOrange, greenMachine, charcoalLemon]),
    });
    renderRoutes([{ path: "/", element: <HomePage /> }], "/");
    const row = screen.getByRole("heading", { name: "Popular right now" }).closest("section")!;
    // Their places are kept while they load, so the page below does not jump.
    expect(within(row).getByRole("list", { name: "Loading popular drinks" })).toBeInTheDocument();

    const cards = await within(row).findAllByRole("link", { name: /Sunrise Orange|Green Machine|Charcoal Lemon/ });
    expect(cards.map((card) => [card.textContent, card.getAttribute("href")])).toEqual([
      ["Sunrise Orangefrom $5.49", "/categories/cat-fresh-juices/products/prd-sunrise-orange"],
      ["Green Machinefrom $6.49", "/categories/cat-green-detox/products/prd-green-machine"],
      ["Charcoal Lemon$6.99", "/categories/cat-green-detox/products/prd-charcoal-lemonade"],
    ]);
    expect(within(row).getByRole("link", { name: "Full menu" })).toHaveAttribute("href", "/menu");
    // Right after the banner: the first screen leads to ordering.
    const sections = [...document.querySelectorAll("section")];
    expect(sections.indexOf(row)).toBe(1);
    expect(calls.filter((call) => call.url === "/api/products/featured")).toHaveLength(1);
  });
});
