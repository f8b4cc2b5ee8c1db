/**
 * What one shop sells apart from the catalog (seed/shop-menu.sql): its own price for a drink's
 * size or an add-on option, and the drinks and options it does not sell. Where a shop sets
 * nothing, the catalog stands. Triggers bump the catalog's version on every change, as for the
 * menu's tables (migrations: the shop's menu), so the cached menus of every shop follow.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRODUCT_SIZES } from "#common/catalog";
import { isOneOf } from "#worker/db/checks";
import { products } from "./catalog";
import { locations } from "./locations";
import { modifierOptions } from "./modifiers";

/**
 * A shop's price for one drink in one size (the whole price: a sale price is the row's own
 * `discounted_price_cents`, the catalog's sale does not carry over) or for one add-on option.
 */
export const locationPrices = sqliteTable(
  "location_prices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    size: text("size", { enum: PRODUCT_SIZES }),
    optionId: text("option_id").references(() => modifierOptions.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    /** The sale price (lower than the price), or NULL for none; the column's name is the database's (docs/architecture.md, Words). */
    salePriceCents: integer("discounted_price_cents"),
  },
  (table) => [
    uniqueIndex("location_prices_drink_idx")
      .on(table.locationId, table.productId, table.size)
      .where(sql`${table.productId} IS NOT NULL`),
    uniqueIndex("location_prices_option_idx")
      .on(table.locationId, table.optionId)
      .where(sql`${table.optionId} IS NOT NULL`),
    check(
      "location_prices_drink_size_or_option",
      sql`(${table.productId} IS NOT NULL AND ${table.size} IS NOT NULL AND ${table.optionId} IS NULL) OR (${table.productId} IS NULL AND ${table.size} IS NULL AND ${table.optionId} IS NOT NULL)`,
    ),
    check("location_prices_size_known", sql`${table.size} IS NULL OR ${isOneOf(table.size, PRODUCT_SIZES)}`),
    check("location_prices_price_non_negative", sql`${table.priceCents} >= 0`),
    check(
      "location_prices_discount_is_real",
      sql`${table.salePriceCents} IS NULL OR (${table.optionId} IS NULL AND ${table.salePriceCents} >= 0 AND ${table.salePriceCents} < ${table.priceCents})`,
    ),
  ],
);

/** A drink or an add-on option a shop does not sell: off that shop's menu, refused in its orders. */
export const locationNotSold = sqliteTable(
  "location_not_sold",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    optionId: text("option_id").references(() => modifierOptions.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("location_not_sold_location_idx").on(table.locationId),
    uniqueIndex("location_not_sold_drink_idx")
      .on(table.locationId, table.productId)
      .where(sql`${table.productId} IS NOT NULL`),
    uniqueIndex("location_not_sold_option_idx")
      .on(table.locationId, table.optionId)
      .where(sql`${table.optionId} IS NOT NULL`),
    check("location_not_sold_drink_or_option", sql`(${table.productId} IS NULL) <> (${table.optionId} IS NULL)`),
  ],
);
