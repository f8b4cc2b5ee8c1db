import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Category, FranchiseSettings, Product } from "#common/catalog";
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

describe("GET /api/categories/:categoryId/products", () => {
  it("lists a category's visible drinks ascending by order, with everything a card and the cart need", async () => {
    const response = await api("/api/categories/cat-fresh-juices/products");
    expect(response.status).toBe(200);
    const drinks = await json<Product[]>(response);
    expect(drinks.map((drink) => drink.id)).toEqual([
      "prd-sunrise-orange",
      "prd-ruby-grapefruit",
      "prd-apple-ginger",
      "prd-watermelon-mint",
      "prd-carrot-glow",
      "prd-pineapple-sun",
    ]);
    expect(drinks[0]).toEqual({
      id: "prd-sunrise-orange",
      categoryId: "cat-fresh-juices",
      name: "Sunrise Orange",
      image: "/images/drinks/sunrise-orange.svg",
      description: "Cold-pressed Valencia oranges with a squeeze of blood orange.",
      rating: 4.8,
      gradient: ["#FFB347", "#FF7A00"],
      order: 1,
      sizeSelection: true,
      pricesBySize: {
        small: { priceCents: 549, discountedPriceCents: null },
        medium: { priceCents: 699, discountedPriceCents: 649 },
        large: { priceCents: 849, discountedPriceCents: null },
      },
      ingredients: ["orange", "blood orange"],
      nutrition: "110 kcal · 22 g sugar · 2 g protein (small)",
      featured: true,
      modifierGroups: expect.any(Array),
    });
    expect(drinks[0]!.modifierGroups.map((group) => group.name)).toEqual(["Ice", "Boosts"]);
  });

  it("lists the featured drinks that are on the menu, in menu order, with their prices", async () => {
    const featured = await json<Product[]>(await api("/api/products/featured"));
    expect(featured.map((drink) => drink.id)).toEqual([
      "prd-sunrise-orange",
      "prd-berry-blast",
      "prd-green-machine",
      "prd-strawberry-basil",
    ]);
    expect(featured[0]?.pricesBySize.small).toEqual({ priceCents: 549, discountedPriceCents: null });
  });

  it("leaves a hidden featured drink out of the featured row", async () => {
    await env.DB.prepare(
      `UPDATE products SET featured = 1 WHERE id IN ('prd-secret-menu', 'prd-discontinued-kiwi', 'prd-pumpkin-spice')`,
    ).run();
    try {
      const featured = await json<Product[]>(await api("/api/products/featured?with-hidden"));
      const ids = featured.map((drink) => drink.id);
      expect(ids).toHaveLength(4);
      expect(ids).not.toContain("prd-secret-menu"); // hidden drink
      expect(ids).not.toContain("prd-discontinued-kiwi"); // deleted drink
      expect(ids).not.toContain("prd-pumpkin-spice"); // drink in a hidden category
    } finally {
      await env.DB.prepare(
        `UPDATE products SET featured = 0 WHERE id IN ('prd-secret-menu', 'prd-discontinued-kiwi', 'prd-pumpkin-spice')`,
      ).run();
    }
  });

  it("reads a drink without nutrition as null and refuses ingredients that are not a JSON list", async () => {
    const shots = await json<Product[]>(await api("/api/categories/cat-wellness-shots/products"));
    expect(shots.find((drink) => drink.id === "prd-ginger-shot")?.ingredients).toEqual(["ginger", "lemon", "cayenne"]);
    await env.DB.prepare(`UPDATE products SET nutrition = '' WHERE id = 'prd-beet-shot'`).run();
    const again = await json<Product[]>(await api("/api/categories/cat-wellness-shots/products?no-nutrition"));
    expect(again.find((drink) => drink.id === "prd-beet-shot")?.nutrition).toBeNull();
    for (const bad of ["orange", '{"a":1}', "not json"]) {
      await expect(
        env.DB.prepare(`UPDATE products SET ingredients = ? WHERE id = 'prd-beet-shot'`).bind(bad).run(),
      ).rejects.toThrow(/CHECK constraint failed/);
    }
  });

  it("orders by the order column even when an admin reorders drinks", async () => {
    await env.DB.prepare(`UPDATE products SET "order" = 0 WHERE id = 'prd-pineapple-sun'`).run();
    try {
      const drinks = await json<Product[]>(await api("/api/categories/cat-fresh-juices/products?reordered"));
      expect(drinks[0]?.id).toBe("prd-pineapple-sun");
    } finally {
      await env.DB.prepare(`UPDATE products SET "order" = 6 WHERE id = 'prd-pineapple-sun'`).run();
    }
  });

  it("gives a drink without sizes a single default price", async () => {
    const drinks = await json<Product[]>(await api("/api/categories/cat-wellness-shots/products"));
    const ginger = drinks.find((drink) => drink.id === "prd-ginger-shot");
    expect(ginger?.sizeSelection).toBe(false);
    expect(ginger?.pricesBySize).toEqual({ default: { priceCents: 399, discountedPriceCents: 349 } });
  });

  it("never lists a hidden or deleted drink", async () => {
    const juices = await json<Product[]>(await api("/api/categories/cat-fresh-juices/products"));
    const smoothies = await json<Product[]>(await api("/api/categories/cat-smoothies/products"));
    const ids = [...juices, ...smoothies].map((drink) => drink.id);
    expect(ids).not.toContain("prd-secret-menu");
    expect(ids).not.toContain("prd-discontinued-kiwi");
  });

  it("answers an empty list for a visible category with no drinks", async () => {
    const response = await api("/api/categories/cat-bubble-tea/products");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it.each(["cat-seasonal", "cat-retired", "cat-unknown"])(
    "answers 404 for %s (hidden, deleted or unknown)",
    async (id) => {
      const response = await api(`/api/categories/${id}/products`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Category not found" } });
    },
  );

  it("answers 400 naming the field for a malformed category id", async () => {
    const response = await api("/api/categories/bad%20id!/products");
    expect(response.status).toBe(400);
    const body = await json<{ error: { code: string; field: string; message: string } }>(response);
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.field).toBe("categoryId");
    expect(body.error.message).toContain("categoryId");
  });
});

describe("GET /api/categories/:categoryId/products/:productId", () => {
  it("returns one drink with the same fields as the list", async () => {
    const response = await api("/api/categories/cat-smoothies/products/prd-berry-blast");
    expect(response.status).toBe(200);
    const drink = await json<Product>(response);
    expect(drink.name).toBe("Berry Blast");
    expect(drink.pricesBySize.small).toEqual({ priceCents: 699, discountedPriceCents: 599 });
  });

  it.each([
    ["a missing drink", "cat-smoothies", "prd-nope"],
    ["a hidden drink", "cat-fresh-juices", "prd-secret-menu"],
    ["a deleted drink", "cat-smoothies", "prd-discontinued-kiwi"],
    ["a drink asked for under another category", "cat-lemonades", "prd-berry-blast"],
    ["a visible drink of a hidden category", "cat-seasonal", "prd-pumpkin-spice"],
    ["a visible drink of a deleted category", "cat-retired", "prd-old-fashioned-punch"],
  ])("answers 404 'Product not found' for %s", async (_case, categoryId, productId) => {
    const response = await api(`/api/categories/${categoryId}/products/${productId}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Product not found" } });
  });

  it("answers 400 naming productId for a malformed drink id", async () => {
    const response = await api(`/api/categories/cat-smoothies/products/${"x".repeat(65)}`);
    expect(response.status).toBe(400);
    expect((await json<{ error: { field: string } }>(response)).error.field).toBe("productId");
  });
});

describe("GET /api/settings", () => {
  it("lists the settings with the franchise record first, under the spec's field names", async () => {
    const response = await api("/api/settings");
    expect(response.status).toBe(200);
    const [franchise] = await json<FranchiseSettings[]>(response);
    expect(franchise).toEqual({
      id: "franchise",
      royaltyFees: [2, 3.5, 5],
      adFees: [0.5, 1, 1.5],
      netWorth: ["Under $250,000", "$250,000 - $500,000", "$500,000 - $1,000,000", "Over $1,000,000"],
      liquidCapitals: ["Under $50,000", "$50,000 - $100,000", "$100,000 - $250,000", "Over $250,000"],
    });
  });
});
