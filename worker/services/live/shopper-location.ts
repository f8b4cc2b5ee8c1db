import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";
import { DEFAULT_LOCATION_ID } from "#worker/services/locations";

/**
 * The location whose channel carries a shopper's order updates: that of their latest order (a
 * shopper follows one shop's orders at a time), or the shop's when they have none yet.
 */
export async function shopperLocationId(db: Database, userId: string): Promise<string> {
  const [latest] = await db
    .select({ locationId: orders.locationId })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(sql`rowid`))
    .limit(1);
  return latest?.locationId ?? DEFAULT_LOCATION_ID;
}
