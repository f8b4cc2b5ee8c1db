/**
 * Add-on groups beside the menu (migrations/0047): a group ("Milk", "Boosts") with how many of
 * its options a line must and may have, its options with their price, and where it applies (a
 * drink or a whole category, in display order). Triggers bump the catalog's version on every
 * change, as for the menu's tables.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { categories, products } from "./catalog";

export const modifierGroups = sqliteTable(
  "modifier_groups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    minSelected: integer("min_selected").notNull().default(0),
    maxSelected: integer("max_selected").notNull().default(1),
  },
  (table) => [
    check("modifier_groups_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check(
      "modifier_groups_selection_range",
      sql`${table.minSelected} >= 0 AND ${table.maxSelected} >= 1 AND ${table.minSelected} <= ${table.maxSelected}`,
    ),
  ],
);

export const modifierOptions = sqliteTable(
  "modifier_options",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => modifierGroups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Chosen for the shopper until they choose otherwise; a line with only defaults reads as the plain drink. */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    index("modifier_options_group_idx").on(table.groupId, table.sortOrder),
    check("modifier_options_name_not_blank", sql`length(trim(${table.name})) > 0`),
    check("modifier_options_price_non_negative", sql`${table.priceCents} >= 0`),
  ],
);

/** A group offered with one drink, or with every drink of a category; `sort_order` orders a drink's groups. */
export const modifierGroupAttachments = sqliteTable(
  "modifier_group_attachments",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => modifierGroups.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    index("modifier_group_attachments_product_idx").on(table.productId),
    index("modifier_group_attachments_category_idx").on(table.categoryId),
    check("modifier_group_attachments_one_target", sql`(${table.productId} IS NULL) <> (${table.categoryId} IS NULL)`),
  ],
);
