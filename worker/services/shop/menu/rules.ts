/** A shop's own prices and what it does not sell (seed/shop-menu.sql), read from D1. */
import { eq, sql } from "drizzle-orm";
import { sizePriceKey, type ShopMenuRules } from "#common/line-price";
import type { Database } from "#worker/db/client";
import { locationNotSold, locationPrices, locations } from "#worker/db/schema";

export interface ShopMenu {
  shopId: string;
  shopName: string;
  rules: ShopMenuRules;
}

const none = sql<null>`NULL`;

/**
 * A shop's menu rules in one statement, for a caller's own batch: its name (the row that says the
 * shop exists), its prices and what it does not sell, each an indexed read. A shop has a handful
 * of rows, so they are read whole.
 */
export function shopMenuQuery(db: Database, locationId: string) {
  return db
    .select({
      kind: sql<"shop" | "price" | "not_sold">`'shop'`.as("kind"),
      name: sql<string | null>`${locations.name}`.as("name"),
      productId: sql<string | null>`${none}`.as("product_id"),
      size: sql<string | null>`${none}`.as("size"),
      optionId: sql<string | null>`${none}`.as("option_id"),
      priceCents: sql<number | null>`${none}`.as("price_cents"),
      discountedPriceCents: sql<number | null>`${none}`.as("discounted_price_cents"),
    })
    .from(locations)
    .where(eq(locations.id, locationId))
    .unionAll(
      db
        .select({
          kind: sql<"shop" | "price" | "not_sold">`'price'`.as("kind"),
          name: sql<string | null>`${none}`.as("name"),
          productId: sql<string | null>`${locationPrices.productId}`.as("product_id"),
          size: sql<string | null>`${locationPrices.size}`.as("size"),
          optionId: sql<string | null>`${locationPrices.optionId}`.as("option_id"),
          priceCents: sql<number | null>`${locationPrices.priceCents}`.as("price_cents"),
          discountedPriceCents: sql<number | null>`${locationPrices.salePriceCents}`.as("discounted_price_cents"),
        })
        .from(locationPrices)
        .where(eq(locationPrices.locationId, locationId)),
    )
    .unionAll(
      db
        .select({
          kind: sql<"shop" | "price" | "not_sold">`'not_sold'`.as("kind"),
          name: sql<string | null>`${none}`.as("name"),
          productId: sql<string | null>`${locationNotSold.productId}`.as("product_id"),
          size: sql<string | null>`${none}`.as("size"),
          optionId: sql<string | null>`${locationNotSold.optionId}`.as("option_id"),
          priceCents: sql<number | null>`${none}`.as("price_cents"),
          discountedPriceCents: sql<number | null>`${none}`.as("discounted_price_cents"),
        })
        .from(locationNotSold)
        .where(eq(locationNotSold.locationId, locationId)),
    );
}

type ShopMenuRow = Awaited<ReturnType<typeof shopMenuQuery>>[number];

/** The shop `locationId`'s menu rules; null when there is no such shop. */
export async function loadShopMenu(db: Database, locationId: string): Promise<ShopMenu | null> {
  return shopMenuFrom(locationId, await shopMenuQuery(db, locationId));
}

/** The rules from `shopMenuQuery`'s rows; null when there is no such shop. */
export function shopMenuFrom(locationId: string, rows: readonly ShopMenuRow[]): ShopMenu | null {
  const shop = rows.find((row) => row.kind === "shop");
  if (!shop) return null;
  const sizePrices = new Map<string, { priceCents: number; discountedPriceCents: number | null }>();
  const optionPrices = new Map<string, number>();
  const drinksNotSold = new Set<string>();
  const optionsNotSold = new Set<string>();
  for (const row of rows) {
    if (row.kind === "price" && row.priceCents !== null) {
      if (row.productId && row.size)
        sizePrices.set(sizePriceKey(row.productId, row.size), {
          priceCents: row.priceCents,
          discountedPriceCents: row.discountedPriceCents,
        });
      else if (row.optionId) optionPrices.set(row.optionId, row.priceCents);
    } else if (row.kind === "not_sold") {
      if (row.productId) drinksNotSold.add(row.productId);
      else if (row.optionId) optionsNotSold.add(row.optionId);
    }
  }
  return {
    shopId: locationId,
    shopName: shop.name ?? locationId,
    rules: { sizePrices, optionPrices, drinksNotSold, optionsNotSold },
  };
}
