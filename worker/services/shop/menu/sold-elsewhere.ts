/** Where a drink a shop does not sell is sold: the not-sold answer's shops. */
import { and, eq, notExists } from "drizzle-orm";
import { notSoldAtMessage, PRODUCT_NOT_SOLD, SOLD_AT_LIMIT, type SoldAtShop } from "#common/catalog";
import type { Database } from "#worker/db/client";
import { locationNotSold, locations } from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import { milesBetween } from "#worker/services/shop/directory/distance";
import type { ShopMenu } from "./rules";

/**
 * Up to SOLD_AT_LIMIT shops taking online orders that sell `productId`, nearest to `shopId`
 * first (a shopper at one shop is best sent to the next one). A handful of shops: read whole.
 */
export async function shopsSelling(db: Database, productId: string, shopId: string): Promise<SoldAtShop[]> {
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      slug: locations.slug,
      latitude: locations.latitude,
      longitude: locations.longitude,
    })
    .from(locations)
    .where(
      and(
        eq(locations.takesOnlineOrders, true),
        notExists(
          db
            .select({ one: locationNotSold.locationId })
            .from(locationNotSold)
            .where(and(eq(locationNotSold.locationId, locations.id), eq(locationNotSold.productId, productId))),
        ),
      ),
    );
  const [here] = await db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(eq(locations.id, shopId));
  return rows
    .filter((row) => row.id !== shopId)
    .map((row) => ({ row, miles: here ? milesBetween(here, row) : 0 }))
    .sort((a, b) => a.miles - b.miles || a.row.name.localeCompare(b.row.name))
    .slice(0, SOLD_AT_LIMIT)
    .map(({ row }) => ({ id: row.id, name: row.name, slug: row.slug }));
}

/** The 404 for a drink `shop` does not sell: "Not sold at Squeeze Scottsdale", with where it is. */
export async function notSoldError(db: Database, productId: string, shop: ShopMenu): Promise<ApiError> {
  const soldAt = await shopsSelling(db, productId, shop.shopId);
  return new ApiError(404, PRODUCT_NOT_SOLD, notSoldAtMessage(shop.shopName)).withDetails({ soldAt });
}
