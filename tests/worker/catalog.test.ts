import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Category, FranchiseSettings, Product } from "../../common/catalog";
import { api, json } from "./helpers";

describe("GET /api/categories", () => {
  it("lists visible categories in menu order with label, slug and image", async () => {
    const response = await api("/api/categories");
    expect(response.status).toBe(200);
    const categories = await json<Category[]>(response);
    expect(categories.map((category) => category.label)).toEqual([
      "Fresh Juices",
      "Smoothies",
      "Green & Detox",
      "Lemonades",
      "Wellness Shots",
      "Bubble Tea",
    ]);
    expect(categories[2]).toEqual({
      id: "cat-green-detox",
      label: "Green & Detox",
      slug: "green-detox",
      image: "/images/categories/green-detox.svg",
    });
  });

  it("never lists a hidden or deleted category", async () => {
    const ids = (await json<Category[]>(await api("/api/categories"))).map((category) => category.id);
    expect(ids).not.toContain("cat-seasonal");
    expect(ids).not.toContain("cat-retired");
  });
});
