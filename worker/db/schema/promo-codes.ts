/**
 * Promo codes, the owner's SQL (seed/promo-codes.sql), and their uses. A use is written in the
 * order's own batch; the triggers of migrations/0065 refuse one past a code's limits, which
 * undoes the whole batch (docs/decisions/0048-promo-code-limits-and-discount-shares.md).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PROMO_KINDS } from "#common/promo-codes";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { categories, products } from "./catalog";
import { users } from "./identity";
import { locations } from "./locations";
import { orders } from "./orders";

export const promoCodes = sqliteTable(
  "promo_codes",
  {
    /** Stored upper-case; a shopper's code is matched after upper-casing it. */
    code: text("code").primaryKey(),
    kind: text("kind", { enum: PROMO_KINDS }).notNull(),
    /** Percent points for `percent` (1–100), cents for `amount`. */
    amount: integer("amount").notNull(),
    /** The drinks' subtotal (add-ons included, before discounts) an order needs, in cents. */
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    /** The first and last day it applies, on each shop's own calendar (YYYY-MM-DD, inclusive); NULL = open-ended. */
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    /** Uses by all shoppers together; NULL = no limit. */
    maxUses: integer("max_uses"),
    /** Uses by one account; NULL = no limit. */
    maxUsesPerAccount: integer("max_uses_per_account"),
    /** Only for an account that has never had an order completed. */
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check("promo_codes_code_upper_case", sql`${table.code} = upper(trim(${table.code})) AND length(${table.code}) > 0`),
    check("promo_codes_kind_known", isOneOf(table.kind, PROMO_KINDS)),
    check(
      "promo_codes_amount_sensible",
      sql`${table.amount} > 0 AND (${table.kind} <> 'percent' OR ${table.amount} <= 100)`,
    ),
    check("promo_codes_min_subtotal_non_negative", sql`${table.minSubtotalCents} >= 0`),
    check(
      "promo_codes_dates_in_order",
      sql`${table.startsOn} IS NULL OR ${table.endsOn} IS NULL OR ${table.startsOn} <= ${table.endsOn}`,
    ),
    check("promo_codes_max_uses_positive", sql`${table.maxUses} IS NULL OR ${table.maxUses} > 0`),
    check(
      "promo_codes_max_uses_per_account_positive",
      sql`${table.maxUsesPerAccount} IS NULL OR ${table.maxUsesPerAccount} > 0`,
    ),
  ],
);

/** The shops a code applies at; a code with no row here applies at every shop. */
export const promoCodeShops = sqliteTable(
  "promo_code_shops",
  {
    code: text("code")
      .notNull()
      .references(() => promoCodes.code, { onDelete: "cascade", onUpdate: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.code, table.locationId] })],
);

/**
 * The drinks a code takes money off, each row a drink or a whole category; a code with no row
 * here covers every drink.
 */
export const promoCodeDrinks = sqliteTable(
  "promo_code_drinks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code")
      .notNull()
      .references(() => promoCodes.code, { onDelete: "cascade", onUpdate: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [
    index("promo_code_drinks_code_idx").on(table.code),
    uniqueIndex("promo_code_drinks_code_product_idx").on(table.code, table.productId),
    uniqueIndex("promo_code_drinks_code_category_idx").on(table.code, table.categoryId),
    check("promo_code_drinks_one_target", sql`(${table.productId} IS NULL) <> (${table.categoryId} IS NULL)`),
  ],
);

/**
 * One row per order that used a code, written in the order's batch. `account_use` numbers an
 * account's uses of a code (1, 2, …), so two uses racing for the same place collide on the unique
 * index even before the triggers count.
 */
export const promoCodeUses = sqliteTable(
  "promo_code_uses",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    code: text("code")
      .notNull()
      .references(() => promoCodes.code, { onDelete: "restrict", onUpdate: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    accountUse: integer("account_use").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("promo_code_uses_code_idx").on(table.code),
    uniqueIndex("promo_code_uses_account_use_idx").on(table.code, table.userId, table.accountUse),
    check("promo_code_uses_account_use_positive", sql`${table.accountUse} >= 1`),
  ],
);
