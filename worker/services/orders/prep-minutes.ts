/**
 * How long the counter takes over a drink: its own preparation minutes, or the location's default
 * (`location_pickup_settings.default_prep_minutes`, the shop's FALLBACK_PREP_MINUTES without a row), times its
 * quantity; an order's is the sum of its lines'. The queue ahead (./queue.ts), an order's
 * preparation start (./prep-start.ts) and admission (./admission.ts) all count it from here: in
 * TypeScript for lines not yet written, in SQL for orders already stored.
 */
import { sql } from "drizzle-orm";
import { locationPickupSettings, orderItems, products } from "#worker/db/schema";
import { FALLBACK_PREP_MINUTES } from "#worker/services/shop/state";

/** Minutes one order takes at the counter: each drink's own time (or the default) times its quantity. */
export function prepMinutesFor(
  lines: { prepMinutes: number | null; quantity: number }[],
  defaultPrepMinutes: number,
): number {
  return lines.reduce((sum, line) => sum + (line.prepMinutes ?? defaultPrepMinutes) * line.quantity, 0);
}

/**
 * prepMinutesFor in SQL, summed over the stored lines a query groups: needs `order_items`, its
 * `products` row and the order's location's `location_pickup_settings` row (left joins).
 */
export const storedPrepMinutes = sql<number>`sum(coalesce(${products.prepMinutes}, ${locationPickupSettings.defaultPrepMinutes}, ${FALLBACK_PREP_MINUTES}) * ${orderItems.quantity})`;
