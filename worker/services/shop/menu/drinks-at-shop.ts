/** The drinks of an order or a cart and the shop's menu rules, read together for pricing. */
import type { Database } from "#worker/db/client";
import { drinksForPricing, productsWithPricesQueries, type DrinkForPricing } from "#worker/services/catalog";
import { loadModifierGroups } from "#worker/services/modifiers";
import { shopMenuFrom, shopMenuQuery, type ShopMenu } from "./rules";

/**
 * The drinks `productIds` as the catalog has them (absent when not on the menu) and the shop
 * `locationId`'s rules (null when there is no such shop): two round trips side by side, the
 * add-on set and one batch of the drinks with the shop's rules (one statement). At most a cart's or an order's
 * lines (ORDER_LIMITS.maxLines): the IN lists stay well inside D1's bound-value limit.
 */
export async function drinksAtShop(
  db: Database,
  productIds: string[],
  locationId: string,
): Promise<{ drinks: Map<string, DrinkForPricing>; shop: ShopMenu | null }> {
  const [groupsOf, [products, prices, shopRows]] = await Promise.all([
    loadModifierGroups(db),
    db.batch([...productsWithPricesQueries(db, productIds), shopMenuQuery(db, locationId)]),
  ]);
  return { drinks: drinksForPricing([products, prices], groupsOf), shop: shopMenuFrom(locationId, shopRows) };
}
