import { env } from "cloudflare:workers";
import { SQLiteSyncDialect, getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { AUTH_PROVIDERS } from "#common/auth-providers";
import { PRODUCT_SIZES } from "#common/catalog";
import { EMAIL_STATUSES } from "#common/email-outbox";
import { ORDER_EVENT_ACTORS, ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATES } from "#common/orders";
import { STAFF_ROLES } from "#common/staff";
import { SUBMISSION_KINDS } from "#common/submissions";
import {
  emailOutbox,
  formSubmissions,
  orderEvents,
  orders,
  productPrices,
  providerAccounts,
  signInAttempts,
  staffMembers,
} from "#worker/db/schema";
import { seedStatements } from "./seed-sql";

const insertPrice = (productId: string, size: string, price: number, salePrice: number | null) =>
  env.DB.prepare(
    "INSERT INTO product_prices (product_id, size, price_cents, discounted_price_cents) VALUES (?, ?, ?, ?)",
  )
    .bind(productId, size, price, salePrice)
    .run();

describe("schema constraints", () => {
  it("rejects a negative price", async () => {
    await env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-beet-shot'").run();
    await expect(insertPrice("prd-beet-shot", "default", -1, null)).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects a sale price that is not lower than the price", async () => {
    await env.DB.prepare("DELETE FROM product_prices WHERE product_id = 'prd-wheatgrass-shot'").run();
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, 399)).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, -5)).rejects.toThrow(/CHECK constraint failed/);
    // (meta.changes also counts the catalog version the insert's trigger bumps: migrations/0040.)
    await expect(insertPrice("prd-wheatgrass-shot", "default", 399, 299)).resolves.toMatchObject({ success: true });
    const stored = await env.DB.prepare(
      "SELECT price_cents, discounted_price_cents FROM product_prices WHERE product_id = 'prd-wheatgrass-shot'",
    ).all();
    expect(stored.results).toEqual([{ price_cents: 399, discounted_price_cents: 299 }]);
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
      env.DB.prepare(
        "INSERT INTO users (id, username, email) VALUES ('u-schema', 'Schema Test', 'schema@example.com')",
      ),
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name, customer_email, phone, updated_at)
         VALUES ('o-schema', 'u-schema', 'loc-anaheim', 'received', 'pay_on_pickup', 'not_required', 0, 'Schema Test', 'schema@example.com', '5551234567', '2026-01-01T00:00:00Z')`,
      ),
    ]);
    await expect(
      env.DB.prepare(
        "INSERT INTO order_items (order_id, name, size, unit_price_cents, quantity) VALUES ('o-schema', 'Berry Blast', 'small', 699, 0)",
      ).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("rejects a pay-on-pickup order with a card payment state, and an order at no known location", async () => {
    await env.DB.prepare(
      "INSERT INTO users (id, username, email) VALUES ('u-schema-2', 'Schema Test', 'schema2@example.com')",
    ).run();
    const insertOrder = (id: string, location: string, paymentState: string) =>
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, location_id, status, payment_mode, payment_state, total_cents, customer_name, customer_email, phone, updated_at)
         VALUES (?, 'u-schema-2', ?, 'received', 'pay_on_pickup', ?, 0, 'Schema Test', 'schema2@example.com', '5551234567', '2026-01-01T00:00:00Z')`,
      )
        .bind(id, location, paymentState)
        .run();
    await expect(insertOrder("o-schema-paid", "loc-anaheim", "paid")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertOrder("o-schema-nowhere", "loc-nowhere", "not_required")).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    );
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

/** The quoted values of an `x IN ('a', 'b')` CHECK, in the order written. */
function quotedValues(checkSql: string): string[] {
  const list = /IN \(([^)]*)\)/.exec(checkSql)?.[1] ?? "";
  return [...list.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

/** What the migrated database allows in a column, read from its CHECK constraint. */
async function allowedByDatabase(table: string, constraint: string): Promise<string[]> {
  const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .bind(table)
    .first<{ sql: string }>();
  const check = new RegExp(`CONSTRAINT "${constraint}" CHECK\\((.*)\\)`).exec(row?.sql ?? "")?.[1] ?? "";
  return quotedValues(check);
}

/** What the schema (worker/db/schema/) declares for the same CHECK, rendered as drizzle renders it. */
function allowedBySchema(table: SQLiteTable, constraint: string): string[] {
  const check = getTableConfig(table).checks.find((candidate) => candidate.name === constraint);
  return check ? quotedValues(new SQLiteSyncDialect().sqlToQuery(check.value).sql) : [];
}

describe("lists of allowed values", () => {
  // Each list has one definition in common/; the schema derives its CHECKs from it and the
  // hand-written migrations must say the same, or a value the API accepts would fail to insert.
  const lists = [
    { table: orders, name: "orders", constraint: "orders_status_known", values: ORDER_STATUSES },
    { table: orders, name: "orders", constraint: "orders_payment_mode_known", values: PAYMENT_MODES },
    { table: orders, name: "orders", constraint: "orders_payment_state_known", values: PAYMENT_STATES },
    { table: orderEvents, name: "order_events", constraint: "order_events_status_known", values: ORDER_STATUSES },
    {
      table: orderEvents,
      name: "order_events",
      constraint: "order_events_previous_status_known",
      values: ORDER_STATUSES,
    },
    {
      table: orderEvents,
      name: "order_events",
      constraint: "order_events_payment_state_known",
      values: PAYMENT_STATES,
    },
    { table: orderEvents, name: "order_events", constraint: "order_events_actor_known", values: ORDER_EVENT_ACTORS },
    { table: staffMembers, name: "staff_members", constraint: "staff_members_role_known", values: STAFF_ROLES },
    { table: productPrices, name: "product_prices", constraint: "product_prices_size_known", values: PRODUCT_SIZES },
    {
      table: providerAccounts,
      name: "provider_accounts",
      constraint: "provider_accounts_provider_known",
      values: AUTH_PROVIDERS,
    },
    {
      table: signInAttempts,
      name: "sign_in_attempts",
      constraint: "sign_in_attempts_provider_known",
      values: AUTH_PROVIDERS,
    },
    {
      table: formSubmissions,
      name: "form_submissions",
      constraint: "form_submissions_kind_known",
      values: SUBMISSION_KINDS,
    },
    { table: emailOutbox, name: "email_outbox", constraint: "email_outbox_status_known", values: EMAIL_STATUSES },
  ];

  it.each(lists)(
    "$constraint allows exactly common/'s list, in the schema and in the migrated database",
    async (list) => {
      expect(allowedBySchema(list.table, list.constraint)).toEqual([...list.values]);
      expect([...(await allowedByDatabase(list.name, list.constraint))].sort()).toEqual([...list.values].sort());
    },
  );
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

  const applySeed = () => env.DB.batch(seedStatements(env.TEST_SEED_SQL).map((statement) => env.DB.prepare(statement)));

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
    const row = await env.DB.prepare("SELECT name FROM products WHERE id = 'prd-sunrise-orange'").first<{
      name: string;
    }>();
    expect(row?.name).toBe("Sunrise Orange");
  });

  it("seeds a believable menu: 5+ visible categories, 30+ visible drinks, sale prices and single-price drinks", async () => {
    const visibleCategories = await env.DB.prepare(
      "SELECT count(*) AS n FROM categories WHERE is_hidden = 0 AND is_deleted = 0",
    ).first<{ n: number }>();
    const visibleDrinks = await env.DB.prepare(
      `SELECT count(*) AS n FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.is_hidden = 0 AND p.is_deleted = 0 AND c.is_hidden = 0 AND c.is_deleted = 0`,
    ).first<{ n: number }>();
    const onSale = await env.DB.prepare(
      "SELECT count(DISTINCT product_id) AS n FROM product_prices WHERE discounted_price_cents IS NOT NULL",
    ).first<{ n: number }>();
    const singlePrice = await env.DB.prepare("SELECT count(*) AS n FROM product_prices WHERE size = 'default'").first<{
      n: number;
    }>();
    expect(visibleCategories?.n).toBeGreaterThanOrEqual(5);
    expect(visibleDrinks?.n).toBeGreaterThanOrEqual(30);
    expect(onSale?.n).toBeGreaterThanOrEqual(3);
    expect(singlePrice?.n).toBeGreaterThanOrEqual(3);
  });
});
