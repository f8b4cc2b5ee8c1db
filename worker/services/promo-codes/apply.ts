/**
 * A shopper's promo code on an order being placed: refused (409) or priced, with the statement
 * that records its use for the orders room to put in the order's batch (the orders room writes
 * the batch and the discount's rows; docs/architecture.md).
 */
import { inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { shopDate } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import { products } from "#worker/db/schema";
import type { ApiError } from "#worker/lib/errors";
import { coveredCents, promoDiscount, type PromoDiscount } from "./discount";
import { findPromoCode, promoUses, type PromoCode } from "./lookup";
import {
  alreadyUsedMessage,
  firstOrderOnlyMessage,
  promoRefusal,
  promoRefusalError,
  unknownPromo,
  usedUpMessage,
} from "./refusal";
import { promoLimitReached, promoUseStatement } from "./use";

export interface PromoOrder {
  /** What the shopper typed. */
  typed: string;
  userId: string;
  shop: { id: string; timeZone: string };
  lines: readonly { productId: string; unitPriceCents: number; quantity: number }[];
  subtotalCents: number;
  /** Asked only of a first-order code. */
  hasCompletedOrder: () => Promise<boolean>;
  now: Date;
}

export interface AppliedPromo {
  discount: PromoDiscount;
  /** The use, for the order's batch (after the order's own row). */
  statements: (orderId: string) => BatchItem<"sqlite">[];
  /** The 409 for a batch that failed on the code's limits, or null when it failed for another reason. */
  refusalAfterBatch: (error: unknown) => ApiError | null;
}

/** Prices the code on the order, or throws its refusal (409 naming `promoCode`). */
export async function applyPromoCode(db: Database, order: PromoOrder): Promise<AppliedPromo> {
  const promo = await findPromoCode(db, order.typed);
  if (!promo) throw promoRefusalError(unknownPromo(order.typed));
  const lines = await withCategories(db, order.lines);
  const uses = await promoUses(db, promo.code, order.userId);
  const hasCompletedOrder = promo.firstOrderOnly ? await order.hasCompletedOrder() : false;
  const refusal = promoRefusal(promo, {
    shopId: order.shop.id,
    shopDate: shopDate(order.now, order.shop.timeZone),
    subtotalCents: order.subtotalCents,
    coveredCents: coveredCents(promo, lines),
    uses,
    hasCompletedOrder,
  });
  if (refusal) throw promoRefusalError(refusal);
  return {
    discount: promoDiscount(promo, lines),
    statements: (orderId) => [promoUseStatement(db, { code: promo.code, orderId, userId: order.userId })],
    refusalAfterBatch: (error) => limitRefusal(promo, error),
  };
}

function limitRefusal(promo: PromoCode, error: unknown): ApiError | null {
  switch (promoLimitReached(error)) {
    case "promo_used_up":
      return promoRefusalError({ code: "promo_used_up", message: usedUpMessage(promo.code) });
    case "promo_already_used":
      return promoRefusalError({ code: "promo_already_used", message: alreadyUsedMessage(promo) });
    case "promo_first_order_only":
      return promoRefusalError({ code: "promo_first_order_only", message: firstOrderOnlyMessage(promo.code) });
    default:
      return null;
  }
}

/** Each line with its drink's category, for codes that cover a category. */
async function withCategories<Line extends { productId: string }>(
  db: Database,
  lines: readonly Line[],
): Promise<(Line & { categoryId: string | null })[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, ids));
  const categoryOf = new Map(rows.map((row) => [row.id, row.categoryId]));
  return lines.map((line) => ({ ...line, categoryId: categoryOf.get(line.productId) ?? null }));
}
