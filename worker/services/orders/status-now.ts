/**
 * Where an order stands now, for a room that only needs its status (a push checks it before it
 * goes, wired in worker/services/after-commit/pushes.ts).
 */
import { eq } from "drizzle-orm";
import type { OrderStatus } from "#common/orders";
import type { Database } from "#worker/db/client";
import { orders } from "#worker/db/schema";

/** The order's status now; undefined for an order that is gone. */
export async function currentOrderStatus(db: Database, orderId: string): Promise<OrderStatus | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}
