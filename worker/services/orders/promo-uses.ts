/**
 * A promo code's use follows its order (docs/decisions/0048): given back when the order is
 * cancelled before anyone started it or is released unpaid, kept when it was started or refunded,
 * taken again when a cancelled order is recalled. Each is one statement of the change's own
 * batch, after the order's guarded update and guarded on the state that update leaves, so the use
 * and the order's state move together or not at all.
 */
import { and, eq, exists, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "#worker/db/client";
import { orderDiscounts, orders, promoCodes, promoCodeUses } from "#worker/db/schema";

/** What a change does with the order's promo code use. */
export type PromoUseChange = "give_back" | "take_again";

/** Deletes the order's use, once the order is cancelled. */
function giveBackUse(db: Database, orderId: string) {
  return db.delete(promoCodeUses).where(
    and(
      eq(promoCodeUses.orderId, orderId),
      exists(
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.status, "cancelled"))),
      ),
    ),
  );
}

/**
 * Writes the order's use again, once it is no longer cancelled, unless it still has one (it was
 * cancelled after it was started) or its code is gone. The code's triggers (migrations/0065)
 * refuse it past the code's limits, which undoes the whole change (promoLimitReached says which).
 */
function takeUseAgain(db: Database, orderId: string) {
  const held = alias(promoCodeUses, "held");
  return db.insert(promoCodeUses).select(
    db
      .select({
        orderId: orderDiscounts.orderId,
        code: orderDiscounts.name,
        userId: orders.userId,
        accountUse: sql<number>`(SELECT ifnull(max(taken.account_use), 0) + 1 FROM ${promoCodeUses} AS taken
          WHERE taken.code = ${orderDiscounts.name} AND taken.user_id = ${orders.userId})`.as("account_use"),
        createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
      })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .innerJoin(promoCodes, eq(promoCodes.code, orderDiscounts.name))
      .where(
        and(
          eq(orderDiscounts.orderId, orderId),
          eq(orderDiscounts.kind, "promo"),
          ne(orders.status, "cancelled"),
          notExists(db.select({ orderId: held.orderId }).from(held).where(eq(held.orderId, orderId))),
        ),
      ),
  );
}

export function promoUseStatement(db: Database, orderId: string, change: PromoUseChange) {
  return change === "give_back" ? giveBackUse(db, orderId) : takeUseAgain(db, orderId);
}
