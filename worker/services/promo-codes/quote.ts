/**
 * What a promo code would take off a cart or an order, or why it cannot: the one check both the
 * cart's prices and a placed order make. A guest is checked on the code alone; a signed-in
 * shopper on their account's limits too (the order's batch guards those again, use.ts).
 */
import { inArray } from "drizzle-orm";
import { shopDate } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import { products } from "#worker/db/schema";
import { coveredCents, promoDiscount, type PromoDiscount } from "./discount";
import { findPromoCode, promoUses, type PromoCode, type PromoUses } from "./lookup";
import { promoRefusal, unknownPromo, type PromoRefusal } from "./refusal";

export interface PromoCart {
  /** What the shopper typed. */
  typed: string;
  /** The signed-in shopper; null for a guest, whose account's limits are checked when the order is placed. */
  account: { userId: string; hasCompletedOrder: () => Promise<boolean> } | null;
  shop: { id: string; timeZone: string };
  /** In the cart's order; a line the shop cannot make counts at 0 cents. */
  lines: readonly { productId: string; unitPriceCents: number; quantity: number }[];
  subtotalCents: number;
  now: Date;
}

export type PromoQuote =
  | { promo: PromoCode; discount: PromoDiscount; refusal?: undefined }
  | { promo: PromoCode | undefined; refusal: PromoRefusal; discount?: undefined };

const NO_USES: PromoUses = { total: 0, byAccount: 0 };

export async function quotePromoCode(db: Database, cart: PromoCart): Promise<PromoQuote> {
  const promo = await findPromoCode(db, cart.typed);
  if (!promo) return { promo, refusal: unknownPromo(cart.typed) };
  const { account } = cart;
  const [lines, uses, hasCompletedOrder] = await Promise.all([
    withCategories(db, cart.lines),
    account ? promoUses(db, promo.code, account.userId) : NO_USES,
    account && promo.firstOrderOnly ? account.hasCompletedOrder() : false,
  ]);
  const refusal = promoRefusal(promo, {
    shopId: cart.shop.id,
    shopDate: shopDate(cart.now, cart.shop.timeZone),
    subtotalCents: cart.subtotalCents,
    coveredCents: coveredCents(promo, lines),
    uses,
    hasCompletedOrder,
  });
  if (refusal) return { promo, refusal };
  return { promo, discount: promoDiscount(promo, lines) };
}

/** Each line with its drink's category, for codes that cover a category. */
async function withCategories<Line extends { productId: string }>(
  db: Database,
  lines: readonly Line[],
): Promise<(Line & { categoryId: string | null })[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: products.id, categoryId: products.categoryId })
          .from(products)
          .where(inArray(products.id, ids));
  const categoryOf = new Map(rows.map((row) => [row.id, row.categoryId]));
  return lines.map((line) => ({ ...line, categoryId: categoryOf.get(line.productId) ?? null }));
}
