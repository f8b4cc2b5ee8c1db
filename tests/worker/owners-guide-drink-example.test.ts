import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import guide from "../../docs/owners-guide.md?raw";
import type { Product } from "#common/catalog";
import { api, json } from "./helpers";
import { seedStatements } from "./seed-sql";

// The owner's guide's copy-and-edit example for adding a drink, run as the owner would run it.

/** The ```sql block under "### Add a drink". */
function drinkExample(): string {
  const section = guide.slice(guide.indexOf("### Add a drink"));
  const block = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/owners-guide.md: no sql block under "### Add a drink"');
  return block;
}

async function apply(sqlText: string) {
  await env.DB.batch(seedStatements(sqlText).map((statement) => env.DB.prepare(statement)));
}

afterEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-pineapple-mint'"),
    env.DB.prepare("DELETE FROM products WHERE id = 'prd-pineapple-mint'"),
  ]);
});

describe("the owner's guide's example of a new drink", () => {
  it("puts the drink on the menu in its sizes at its prices, unrated, however often it is run", async () => {
    await apply(drinkExample());
    await apply(drinkExample());
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE id = 'prd-pineapple-mint'").all<{
      n: number;
    }>();
    expect(results[0]!.n).toBe(1);

    const response = await api("/api/categories/cat-smoothies/products/prd-pineapple-mint");
    expect(response.status).toBe(200);
    const drink = await json<Product>(response);
    expect(drink).toMatchObject({ name: "Pineapple Mint Cooler", rating: 0, sizeSelection: true });
    expect(drink.pricesBySize).toEqual({
      small: { priceCents: 599, discountedPriceCents: null },
      medium: { priceCents: 749, discountedPriceCents: 699 },
      large: { priceCents: 899, discountedPriceCents: null },
    });
  });
});
