/**
 * A shopper's promo code on an order being placed: refused (409) or priced, with the statement
 * that records its use for the orders room to put in the order's batch (the orders room writes
 * the batch and the discount's rows; docs/architecture.md).
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#worker/db/client";
import type { ApiError } from "#worker/lib/errors";
import type { PromoDiscount } from "./discount";
import type { PromoCode } from "./lookup";
import { quotePromoCode } from "./quote";
import { alreadyUsedMessage, firstOrderOnlyMessage, promoRefusalError, usedUpMessage } from "./refusal";
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
  const quote = await quotePromoCode(db, {
    typed: order.typed,
    account: { userId: order.userId, hasCompletedOrder: order.hasCompletedOrder },
    shop: order.shop,
    lines: order.lines,
    subtotalCents: order.subtotalCents,
    now: order.now,
  });
  if (quote.refusal) throw promoRefusalError(quote.refusal);
  const { promo, discount } = quote;
  return {
    discount,
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
