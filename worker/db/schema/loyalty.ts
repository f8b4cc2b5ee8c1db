/**
 * The stamp card: the owner's rewards (seed/loyalty.sql) and every shopper's stamps as an
 * append-only ledger, one row per source event. The balance is the ledger's sum; the triggers of
 * the stamp-card migration write the rows in the same statement as the order's change, so a
 * replayed or raced transition cannot write one twice (docs/decisions/0053-the-stamp-card-ledger.md).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { STAMP_LEDGER_KINDS } from "#common/loyalty";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { users } from "./identity";
import { orders } from "./orders";

/** What stamps buy; one program for every shop of the business. */
export const loyaltyRewards = sqliteTable(
  "loyalty_rewards",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** What the reward costs, in stamps. */
    stamps: integer("stamps").notNull(),
    /** A retired reward is no longer offered; rows already written keep their meaning. */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [check("loyalty_rewards_stamps_positive", sql`${table.stamps} > 0`)],
);

export const stampLedger = sqliteTable(
  "stamp_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The order the change came from; NULL only for an owner's adjustment. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: STAMP_LEDGER_KINDS }).notNull(),
    /**
     * Which time this kind happens to this order: a Recall and a second completion earn again
     * (generation 1); a refund is keyed by the order's refunded total after it.
     */
    generation: integer("generation").notNull().default(0),
    /** Signed: what the change adds to the balance. */
    stamps: integer("stamps").notNull(),
    /** An adjustment's reason, required for one. */
    note: text("note"),
    /** Who made an adjustment (an e-mail or a name), required for one. */
    adjustedBy: text("adjusted_by"),
    createdAt: createdAt(),
  },
  (table) => [
    index("stamp_ledger_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("stamp_ledger_source_idx").on(table.orderId, table.kind, table.generation),
    check("stamp_ledger_kind_known", isOneOf(table.kind, STAMP_LEDGER_KINDS)),
    check("stamp_ledger_stamps_not_zero", sql`${table.stamps} <> 0`),
    check(
      "stamp_ledger_source_named",
      sql`(${table.kind} = 'adjusted') = (${table.orderId} IS NULL) AND (${table.kind} <> 'adjusted' OR (length(trim(coalesce(${table.note}, ''))) > 0 AND length(trim(coalesce(${table.adjustedBy}, ''))) > 0))`,
    ),
  ],
);
