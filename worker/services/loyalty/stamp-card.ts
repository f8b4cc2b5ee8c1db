/**
 * A shopper's stamp card as GET /api/loyalty answers it: the ledger's sum, the rewards it covers
 * and the ledger itself, newest first. Nothing here writes stamps: the triggers of the stamp-card
 * migration do, in the order's own statement (docs/decisions/0053-the-stamp-card-ledger.md).
 */
import { desc, eq, sql } from "drizzle-orm";
import type { LoyaltyResponse } from "#common/loyalty";
import type { Database } from "#worker/db/client";
import { loyaltyRewards, stampLedger } from "#worker/db/schema";

/** The history a card shows; the balance is summed over every row all the same. */
export const STAMP_HISTORY_LIMIT = 50;

export async function stampCardOf(db: Database, userId: string): Promise<LoyaltyResponse> {
  const [balance, rewards, history] = await db.batch([
    db
      .select({ stamps: sql<number>`coalesce(sum(${stampLedger.stamps}), 0)` })
      .from(stampLedger)
      .where(eq(stampLedger.userId, userId)),
    db
      .select({ id: loyaltyRewards.id, name: loyaltyRewards.name, stamps: loyaltyRewards.stamps })
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.active, true))
      .orderBy(loyaltyRewards.stamps, loyaltyRewards.id),
    db
      .select({
        at: stampLedger.createdAt,
        kind: stampLedger.kind,
        stamps: stampLedger.stamps,
        orderId: stampLedger.orderId,
        note: stampLedger.note,
      })
      .from(stampLedger)
      .where(eq(stampLedger.userId, userId))
      .orderBy(desc(stampLedger.createdAt), desc(stampLedger.id))
      .limit(STAMP_HISTORY_LIMIT),
  ]);
  const stamps = balance[0]?.stamps ?? 0;
  return {
    stamps,
    rewards: rewards.map((reward) => ({ ...reward, available: stamps >= reward.stamps })),
    history,
  };
}
