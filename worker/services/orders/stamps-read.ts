/**
 * The stamps each of a shopper's orders earned, as the order page and My orders say them: what
 * completing it wrote to stamp_ledger, less what a Recall or a refund took back. A reward spent on
 * the order is not counted here; its discount says it.
 */
import { inArray, sql } from "drizzle-orm";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { stampLedger } from "#worker/db/schema";

const EARNING_KINDS = ["earned", "taken_back", "refunded"] as const;

/** The net stamps of the orders given, keyed by order id (an order without any is absent). */
export async function stampsEarnedByOrder(db: Database, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = (
    await Promise.all(
      inListChunks([...orderIds]).map((ids) =>
        db
          .select({ orderId: stampLedger.orderId, stamps: sql<number>`sum(${stampLedger.stamps})` })
          .from(stampLedger)
          .where(sql`${inArray(stampLedger.orderId, ids)} and ${inArray(stampLedger.kind, [...EARNING_KINDS])}`)
          .groupBy(stampLedger.orderId),
      ),
    )
  ).flat();
  return new Map(rows.flatMap((row) => (row.orderId ? [[row.orderId, Math.max(row.stamps, 0)] as const] : [])));
}
