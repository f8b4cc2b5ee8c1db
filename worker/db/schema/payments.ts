/** Card payments: the Stripe events already applied, so a replayed one changes nothing. */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

/** Stripe event ids already handled, written in the same batch as the change they caused. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
  processedAt: createdAt(),
});
