import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedStatements } from "./seed-sql";

const insertPrice = (productId: string, size: string, price: number, discounted: number | null) =>
  env.DB.prepare(
    "INSERT INTO product_prices (product_id, size, price_cents, discounted_price_cents) VALUES (?, ?, ?, ?)",
  )
    .bind(productId, size, price, discounted)
    .run();

describe("schema constraints", () => {
  it("rejects a negative price", async () => {
    await env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-beet-shot'").run();
    await expect(insertPrice("prd-beet-shot", "default", -1, null)).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects a discounted price that is not lower than the price", async () => {
    await env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-wheatgrass-shot'").run();
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, 399)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, -5)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, 299)).resolves.toBeTruthy();
  });

  it("rejects an unknown size and a price for a drink that does not exist", async () => {
    await expect(insertPrice("prd-sunrise-orange", "huge", 999, null)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertPrice("prd-no-such-drink", "small", 999, null)).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });

  it("rejects a drink in a category that does not exist and a rating above 5", async () => {
    const insertDrink = (category: string, rating: number) =>
      env.DB.prepare(
        "INSERT INTO products (id, category_id, name, image, rating, gradient) VALUES (?, ?, 'Test', '/x.svg', ?, '#fff,#000')",
      )
        .bind(`prd-test-${category}-${rating}`, category, rating)
        .run();
    await expect(insertDrink("cat-missing", 4)).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await expect(insertDrink("cat-smoothies", 5.5)).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects franchise settings without exactly three yearly fees", async () => {
    await expect(
      env.DB.prepare(
        `INSERT INTO settings (id, royalty_fees, ad_fees, net_worth_options, liquid_capital_options)
         VALUES ('broken', '[1, 2]', '[1, 2, 3]', '[]', '[]')`,
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects an order line with a quantity below 1", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, username, email) VALUES ('u-schema', 'Schema Test', 'schema@example.com')"),
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, status, payment_mode, total_cents, customer_name, customer_email, phone, updated_at)
         VALUES ('o-schema', 'u-schema', 'placed', 'pay_on_pickup', 0, 'Schema Test', 'schema@example.com', '5551234567', '2026-01-01T00:00:00Z')`,
      ),
    ]);
    await expect(
      env.DB.prepare(
        "INSERT INTO order_items (order_id, name, size, unit_price_cents, quantity) VALUES ('o-schema', 'Berry Blast', 'small', 699, 0)",
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects an e-mail subject that spans two lines", async () => {
    await expect(
      env.DB.prepare(
        `INSERT INTO email_outbox (id, kind, recipient, subject, html, text, next_attempt_at)
         VALUES ('e-schema', 'contact', 'shop@example.com', 'Hello' || char(10) || 'Bcc: victim@example.com', '', '', '2026-01-01T00:00:00Z')`,
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("the menu seed", () => {
  const countRows = async () => {
    const tables = ["categories", "products", "product_prices", "settings"];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
      counts[table] = row?.n ?? 0;
    }
    return counts;
  };
  const snapshot = () =>
    env.DB.prepare(
      `SELECT p.id, p.name, p."order", p.is_hidden, pp.size, pp.price_cents, pp.discounted_price_cents
       FROM products p JOIN product_prices pp ON pp.product_id = p.id ORDER BY p.id, pp.size`,
    ).all();

  const applySeed = () =>
    env.DB.batch(seedStatements(env.TEST_SEED_SQL).map((statement) => env.DB.prepare(statement)));

  it("is idempotent: applying it again leaves the same rows", async () => {
    await applySeed();
    const before = { counts: await countRows(), rows: (await snapshot()).results };
    await applySeed();
    const after = { counts: await countRows(), rows: (await snapshot()).results };
    expect(after).toEqual(before);
  });

  it("restores a drink an admin changed by hand when applied again", async () => {
    await env.DB.prepare("UPDATE products SET name = 'Typo Orange' WHERE id = 'prd-sunrise-orange'").run();
    await applySeed();
    const row = await env.DB.prepare("SELECT name FROM products WHERE id = 'prd-sunrise-orange'").first<{ name: string }>();
    expect(row?.name).toBe("Sunrise Orange");
  });

  it("seeds a believable menu: 5+ visible categories, 30+ visible drinks, discounts and single-price drinks", async () => {
    const visibleCategories = await env.DB.prepare(
      "SELECT count(*) AS n FROM categories WHERE is_hidden = 0 AND is_deleted = 0",
    ).first<{ n: number }>();
    const visibleDrinks = await env.DB.prepare(
      `SELECT count(*) AS n FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.is_hidden = 0 AND p.is_deleted = 0 AND c.is_hidden = 0 AND c.is_deleted = 0`,
    ).first<{ n: number }>();
    const discounted = await env.DB.prepare(
      "SELECT count(DISTINCT product_id) AS n FROM product_prices WHERE discounted_price_cents IS NOT NULL",
    ).first<{ n: number }>();
    const singlePrice = await env.DB.prepare("SELECT count(*) AS n FROM product_prices WHERE size = 'default'").first<{ n: number }>();
    expect(visibleCategories?.n).toBeGreaterThanOrEqual(5);
    expect(visibleDrinks?.n).toBeGreaterThanOrEqual(30);
    expect(discounted?.n).toBeGreaterThanOrEqual(3);
    expect(singlePrice?.n).toBeGreaterThanOrEqual(3);
  });
});
