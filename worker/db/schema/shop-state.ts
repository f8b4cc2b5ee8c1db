/**
 * What the shop takes right now, set by its staff: ordering paused, drinks sold out, and the
 * record of each change.
 */
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AVAILABILITY_EVENT_KINDS, SOLD_OUT_SCOPES } from "#common/availability";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { products } from "./catalog";
import { locations } from "./locations";
import { modifierOptions } from "./modifiers";

/** Online ordering paused: until `pausedUntil`, or until resumed when it is null. */
export const orderingPauses = sqliteTable("ordering_pauses", {
  locationId: text("location_id")
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  pausedUntil: text("paused_until"),
  pausedBy: text("paused_by").notNull(),
  pausedAt: text("paused_at").notNull(),
});

export const soldOutItems = sqliteTable(
  "sold_out_items",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size", { enum: SOLD_OUT_SCOPES }).notNull(),
    markedBy: text("marked_by").notNull(),
    markedAt: text("marked_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.productId, table.size] }),
    check("sold_out_items_size_known", isOneOf(table.size, SOLD_OUT_SCOPES)),
  ],
);

/**
 * An add-on option (oat milk) run out at a location: not offered with any drink there until taken
 * back. Apart from sold_out_items, whose mark is a drink and its size (docs/decisions/0016).
 */
export const soldOutOptions = sqliteTable(
  "sold_out_options",
  {
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    optionId: text("option_id")
      .notNull()
      .references(() => modifierOptions.id, { onDelete: "cascade" }),
    markedBy: text("marked_by").notNull(),
    markedAt: text("marked_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.optionId] })],
);

export const availabilityEvents = sqliteTable(
  "availability_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AVAILABILITY_EVENT_KINDS }).notNull(),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    size: text("size", { enum: SOLD_OUT_SCOPES }),
    /** The add-on option marked sold out or back (then no drink nor size). */
    optionId: text("option_id").references(() => modifierOptions.id, { onDelete: "set null" }),
    pausedUntil: text("paused_until"),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("availability_events_location_created_idx").on(table.locationId, table.createdAt),
    check("availability_events_kind_known", isOneOf(table.kind, AVAILABILITY_EVENT_KINDS)),
  ],
);
