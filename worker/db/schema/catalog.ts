/**
 * The menu: categories, drinks and their prices per size, the franchise settings, and the
 * version the catalog cache is keyed by.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PRODUCT_SIZES } from "#common/catalog";
import { isOneOf } from "#worker/db/checks";

export const categories = sqliteTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // The menu lists visible categories in menu order.
    index("categories_visible_order_idx").on(table.isDeleted, table.isHidden, table.sortOrder),
    check("categories_name_not_blank", sql`length(trim(${table.name})) > 0`),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    image: text("image").notNull(),
    description: text("description").notNull().default(""),
    rating: real("rating").notNull().default(0),
    /** Two CSS colours, "from,to", that tint the drink's card and illustration. */
    gradient: text("gradient").notNull(),
    sizeSelection: integer("size_selection", { mode: "boolean" }).notNull().default(false),
    order: integer("order").notNull().default(0),
    /** Minutes one of these takes at the counter; NULL uses the location's default (migrations/0041). */
    prepMinutes: integer("prep_minutes"),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    /** The main ingredients, a JSON array of names ("orange", "ginger"); the illustration draws them. */
    ingredients: text("ingredients").notNull().default("[]"),
    /** A short nutrition line ("110 kcal · 22 g sugar"); empty when not known. */
    nutrition: text("nutrition").notNull().default(""),
    /** Shown among the popular drinks on the home page. */
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // A category's drinks, visible only, ascending by order.
    index("products_category_visible_order_idx").on(table.categoryId, table.isDeleted, table.isHidden, table.order),
    check("products_rating_range", sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
    check("products_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check("products_prep_minutes_range", sql`${table.prepMinutes} IS NULL OR ${table.prepMinutes} BETWEEN 1 AND 240`),
    check(
      "products_ingredients_json_array",
      sql`json_valid(${table.ingredients}) AND json_type(${table.ingredients}) = 'array'`,
    ),
  ],
);

export const productPrices = sqliteTable(
  "product_prices",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size", { enum: PRODUCT_SIZES }).notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The sale price (lower than the price), or NULL for none; the column's name is the database's (docs/architecture.md, Words). */
    salePriceCents: integer("discounted_price_cents"),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.size] }),
    check("product_prices_size_known", isOneOf(table.size, PRODUCT_SIZES)),
    check("product_prices_price_non_negative", sql`${table.priceCents} >= 0`),
    check(
      "product_prices_discount_is_real",
      sql`${table.salePriceCents} IS NULL OR (${table.salePriceCents} >= 0 AND ${table.salePriceCents} < ${table.priceCents})`,
    ),
  ],
);

/**
 * Settings documents. The franchise record holds JSON arrays; the API validates them on
 * read, and the CHECKs stop an admin's SQL from storing something the page cannot show.
 */
export const settings = sqliteTable(
  "settings",
  {
    id: text("id").primaryKey(),
    sortOrder: integer("sort_order").notNull().default(0),
    royaltyFees: text("royalty_fees").notNull(),
    adFees: text("ad_fees").notNull(),
    netWorthOptions: text("net_worth_options").notNull(),
    liquidCapitalOptions: text("liquid_capital_options").notNull(),
  },
  (table) => [
    check(
      "settings_royalty_fees_three_years",
      sql`json_valid(${table.royaltyFees}) AND json_array_length(${table.royaltyFees}) = 3`,
    ),
    check("settings_ad_fees_three_years", sql`json_valid(${table.adFees}) AND json_array_length(${table.adFees}) = 3`),
    check("settings_net_worth_json", sql`json_valid(${table.netWorthOptions})`),
    check("settings_liquid_capital_json", sql`json_valid(${table.liquidCapitalOptions})`),
  ],
);

/**
 * One row: the menu's version, bumped by triggers on categories, products, product_prices and
 * settings (migrations/0040). The catalog API's edge cache is keyed by it.
 */
export const catalogVersion = sqliteTable(
  "catalog_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
    changedAt: text("changed_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [check("catalog_version_single_row", sql`${table.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Opening hours, pickup settings and availability per location (migrations/0041). Hours are
// wall-clock "HH:MM" in the location's time zone; see common/hours/schedule.ts for their rules.
