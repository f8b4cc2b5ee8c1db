/** Whether an account has ever had an order completed (a first-order promo code asks). */
import { and, eq } from "drizzle-orm";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";

export async function hasCompletedOrder(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "completed")))
    .limit(1);
  return row !== undefined;
}
