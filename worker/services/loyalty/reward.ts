/**
 * A stamp-card reward spent on an order being placed: refused (409 `reward_not_available`) or
 * priced as a `loyalty` discount on one drink of the chosen line, with the ledger row that spends
 * its stamps for the orders room to put in the order's batch. The stamp-card migration's trigger
 * refuses that row when the balance does not cover it, which undoes the whole batch: racing
 * orders cannot spend one reward twice (docs/decisions/0053-the-stamp-card-ledger.md).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { REWARD_NOT_AVAILABLE } from "#common/loyalty";
import type { Database } from "#worker/db/client";
import { loyaltyRewards, modifierGroups, modifierOptions, stampLedger } from "#worker/db/schema";
import { errorMessages } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";

export interface RewardOrder {
  reward: { id: string; line: number };
  userId: string;
  lines: readonly {
    name: string;
    unitPriceCents: number;
    options: readonly { id: string | null; priceCents: number }[];
  }[];
}

export interface AppliedReward {
  /** The discount's row: one drink of the line, at its size with its required choices. */
  discount: { name: string; amountCents: number; lines: { lineIndex: number; amountCents: number }[] };
  /** The spending, for the order's batch (after the order's own row). */
  statements: (orderId: string) => BatchItem<"sqlite">[];
  /** The 409 for a batch refused because the stamps no longer cover the reward, else null. */
  refusalAfterBatch: (error: unknown) => ApiError | null;
}

/** Whether a batch was refused because a reward's stamps were not there (the guard trigger). */
export function isRewardNotAvailable(error: unknown): boolean {
  return errorMessages(error).includes(REWARD_NOT_AVAILABLE);
}

function notAvailable(message: string): ApiError {
  return new ApiError(409, REWARD_NOT_AVAILABLE, message, "reward");
}

/** Prices the reward on its line, or throws 409 `reward_not_available`. */
export async function applyReward(db: Database, order: RewardOrder): Promise<AppliedReward> {
  const line = order.lines[order.reward.line];
  if (!line) throw new ApiError(400, "invalid_input", "reward.line names no line of the order", "reward.line");
  const optionIds = line.options.flatMap((option) => (option.id ? [option.id] : []));
  const [[reward], [balance], optional] = await db.batch([
    db
      .select()
      .from(loyaltyRewards)
      .where(and(eq(loyaltyRewards.id, order.reward.id), eq(loyaltyRewards.active, true))),
    db
      .select({ stamps: sql<number>`coalesce(sum(${stampLedger.stamps}), 0)` })
      .from(stampLedger)
      .where(eq(stampLedger.userId, order.userId)),
    // Add-ons a shopper chose freely are charged; required choices come with the free drink.
    db
      .select({ id: modifierOptions.id })
      .from(modifierOptions)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .where(
        and(inArray(modifierOptions.id, optionIds.length > 0 ? optionIds : [""]), eq(modifierGroups.minSelected, 0)),
      ),
  ]);
  if (!reward) throw notAvailable("This reward is not offered any more.");
  const stamps = balance?.stamps ?? 0;
  if (stamps < reward.stamps) {
    throw notAvailable(`${reward.name} takes ${reward.stamps} stamps; you have ${Math.max(stamps, 0)}.`);
  }
  const charged = new Set(optional.map((option) => option.id));
  const addOnsCents = line.options.reduce(
    (sum, option) => sum + (option.id && charged.has(option.id) ? option.priceCents : 0),
    0,
  );
  const amountCents = Math.max(line.unitPriceCents - addOnsCents, 0);
  // Nine stamps for nothing is no reward: a drink that costs nothing but its add-ons is not one to spend it on.
  if (amountCents === 0) throw notAvailable(`${reward.name} is for a drink that costs something; pick another.`);
  return {
    discount: { name: reward.name, amountCents, lines: [{ lineIndex: order.reward.line, amountCents }] },
    statements: (orderId) => [
      db.insert(stampLedger).values({
        userId: order.userId,
        orderId,
        kind: "spent",
        generation: 0,
        stamps: -reward.stamps,
        note: reward.name,
      }),
    ],
    refusalAfterBatch: (error) =>
      isRewardNotAvailable(error)
        ? notAvailable(`${reward.name} takes ${reward.stamps} stamps, and your card no longer has them.`)
        : null,
  };
}
