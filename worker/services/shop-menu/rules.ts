/** A shop's own prices and what it does not sell (seed/shop-menu.sql), read from D1. */
import { eq } from "drizzle-orm";
import { sizePriceKey, type ShopMenuRules } from "#common/line-price";
import type { Database } from "#worker/db/client";
import { locationNotSold, locationPrices, locations } from "#worker/db/schema";

export interface ShopMenu {
  shopId: string;
  shopName: string;
  rules: ShopMenuRules;
}

/**
 * The shop `locationId`'s menu rules, in one batch of three small indexed reads; null when there
 * is no such shop. A shop has a handful of rows, so they are read whole.
 */
export async function loadShopMenu(db: Database, locationId: string): Promise<ShopMenu | null> {
  const [shopRows, priceRows, notSoldRows] = await db.batch([
    db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId)),
    db.select().from(locationPrices).where(eq(locationPrices.locationId, locationId)),
    db.select().from(locationNotSold).where(eq(locationNotSold.locationId, locationId)),
  ]);
  const shop = shopRows[0];
  if (!shop) return null;
  const sizePrices = new Map<string, { priceCents: number; discountedPriceCents: number | null }>();
  const optionPrices = new Map<string, number>();
  for (const row of priceRows) {
    if (row.productId && row.size)
      sizePrices.set(sizePriceKey(row.productId, row.size), {
        priceCents: row.priceCents,
        discountedPriceCents: row.discountedPriceCents,
      });
    else if (row.optionId) optionPrices.set(row.optionId, row.priceCents);
  }
  return {
    shopId: locationId,
    shopName: shop.name,
    rules: {
      sizePrices,
      optionPrices,
      drinksNotSold: new Set(notSoldRows.flatMap((row) => (row.productId ? [row.productId] : []))),
      optionsNotSold: new Set(notSoldRows.flatMap((row) => (row.optionId ? [row.optionId] : []))),
    },
  };
}
