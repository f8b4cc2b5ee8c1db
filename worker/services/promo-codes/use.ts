/**
 * A code's use, as one statement of the order's batch. The triggers of migrations/0065 refuse
 * it past the code's limits (RAISE with the refusal's code), and the unique index on an
 * account's use number refuses a second use racing for the same place: either way the whole
 * batch, the order with it, is undone (docs/decisions/0048).
 */
import { and, eq, sql } from "drizzle-orm";
import type { PromoRefusalCode } from "#common/promo-codes";
import type { Database } from "#worker/db/client";
import { promoCodeUses } from "#worker/db/schema";
import { errorMessages, isUniqueViolation } from "#worker/lib/db-errors";

export function promoUseStatement(db: Database, use: { code: string; orderId: string; userId: string }) {
  return db.insert(promoCodeUses).values({
    orderId: use.orderId,
    code: use.code,
    userId: use.userId,
    accountUse: sql`(SELECT ifnull(max(${promoCodeUses.accountUse}), 0) + 1 FROM ${promoCodeUses} WHERE ${and(
      eq(promoCodeUses.code, use.code),
      eq(promoCodeUses.userId, use.userId),
    )})`,
  });
}

/** Which limit a failed batch's use ran into, or null when the batch failed for another reason. */
export function promoLimitReached(error: unknown): PromoRefusalCode | null {
  const text = errorMessages(error);
  for (const code of ["promo_used_up", "promo_already_used", "promo_first_order_only"] as const) {
    if (text.includes(code)) return code;
  }
  if (isUniqueViolation(error, "promo_code_uses.")) return "promo_already_used";
  return null;
}
