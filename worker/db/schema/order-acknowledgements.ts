/**
 * A new order someone at the shop has seen (the board's "Seen"): one row per order, with who and
 * when, so the alert ends on every board of the location and stays ended after a reload. An order
 * in New without a row here is announced by every board until someone taps Seen. Written only by
 * worker/services/orders/ (the lint rule in eslint.config.js keeps it so).
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./identity";
import { locations } from "./locations";
import { orders } from "./orders";

export const orderAcknowledgements = sqliteTable(
  "order_acknowledgements",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    /** Who tapped Seen (null once their account is gone; the row stays, the order stays seen). */
    acknowledgedBy: text("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    acknowledgedAt: text("acknowledged_at").notNull(),
  },
  (table) => [index("order_acknowledgements_location_idx").on(table.locationId, table.acknowledgedAt)],
);
