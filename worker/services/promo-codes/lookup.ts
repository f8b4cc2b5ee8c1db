/** A promo code as the owner wrote it, with the shops and drinks it is for. */
import { eq, sql } from "drizzle-orm";
import { normalizePromoCode, type PromoKind } from "#common/promo-codes";
import type { Database } from "#worker/db/client";
import { promoCodeDrinks, promoCodeShops, promoCodes, promoCodeUses } from "#worker/db/schema";

export interface PromoCode {
  code: string;
  kind: PromoKind;
  amount: number;
  minSubtotalCents: number;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  maxUsesPerAccount: number | null;
  firstOrderOnly: boolean;
  /** Empty: every shop. */
  shopIds: string[];
  /** Both empty: every drink. */
  productIds: string[];
  categoryIds: string[];
}

/** How often a code was used, by everyone and by one account. */
export interface PromoUses {
  total: number;
  byAccount: number;
}

/** The code matched case-insensitively (codes are stored upper-case), or undefined. */
export async function findPromoCode(db: Database, typed: string): Promise<PromoCode | undefined> {
  const code = normalizePromoCode(typed);
  const [[row], shops, drinks] = await db.batch([
    db.select().from(promoCodes).where(eq(promoCodes.code, code)),
    db.select({ locationId: promoCodeShops.locationId }).from(promoCodeShops).where(eq(promoCodeShops.code, code)),
    db
      .select({ productId: promoCodeDrinks.productId, categoryId: promoCodeDrinks.categoryId })
      .from(promoCodeDrinks)
      .where(eq(promoCodeDrinks.code, code)),
  ]);
  if (!row) return undefined;
  return {
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    minSubtotalCents: row.minSubtotalCents,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    maxUses: row.maxUses,
    maxUsesPerAccount: row.maxUsesPerAccount,
    firstOrderOnly: row.firstOrderOnly,
    shopIds: shops.map((shop) => shop.locationId),
    productIds: drinks.flatMap((drink) => (drink.productId === null ? [] : [drink.productId])),
    categoryIds: drinks.flatMap((drink) => (drink.categoryId === null ? [] : [drink.categoryId])),
  };
}

/** The code's uses so far, for the refusal a shopper reads; the batch's triggers decide under races. */
export async function promoUses(db: Database, code: string, userId: string): Promise<PromoUses> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      byAccount: sql<number>`count(CASE WHEN ${promoCodeUses.userId} = ${userId} THEN 1 END)`,
    })
    .from(promoCodeUses)
    .where(eq(promoCodeUses.code, code));
  return { total: row?.total ?? 0, byAccount: row?.byAccount ?? 0 };
}
