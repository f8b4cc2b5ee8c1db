/** "Order again": an earlier order's drinks as the menu sells them today (reads only). */
import { eq, inArray, sql } from "drizzle-orm";
import { effectivePriceCents } from "#common/catalog";
import { isSoldOut } from "#common/availability";
import type { OrderAgainLeftOut, OrderAgainLine, OrderAgainResponse } from "#common/order-again";
import type { Database } from "#worker/db/client";
import { categories, productPrices, products } from "#worker/db/schema";
import { soldOutAt } from "#worker/services/shop/state";
import { loadOrder, ownOrder } from "./loading";

/**
 * The user's order `orderId` as a cart today: each line at today's price (the discounted one where
 * there is one) with the price it had then; a drink no longer on the menu, no longer sold in that
 * size or sold out at the order's location now is left out, with why. Null for another user's
 * order or none.
 */
export async function orderAgain(db: Database, userId: string, orderId: string): Promise<OrderAgainResponse | null> {
  const loaded = await loadOrder(db, ownOrder(userId, orderId));
  if (!loaded) return null;
  const productIds = [...new Set(loaded.items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const [productRows, priceRows, soldOut] =
    productIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({
              id: products.id,
              categoryId: products.categoryId,
              name: products.name,
              image: products.image,
              onMenu: sql<number>`${products.isHidden} = 0 AND ${products.isDeleted} = 0 AND ${categories.isHidden} = 0 AND ${categories.isDeleted} = 0`,
            })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .where(inArray(products.id, productIds)),
          db.select().from(productPrices).where(inArray(productPrices.productId, productIds)),
          soldOutAt(db, loaded.row.locationId),
        ]);

  const lines: OrderAgainLine[] = [];
  const leftOut: OrderAgainLeftOut[] = [];
  for (const item of loaded.items) {
    const product = productRows.find((row) => row.id === item.productId);
    const price = priceRows.find((row) => row.productId === item.productId && row.size === item.size);
    const reason = !product?.onMenu
      ? "not_on_menu"
      : !price
        ? "size_not_sold"
        : isSoldOut(soldOut, product.id, item.size as never)
          ? "sold_out"
          : null;
    if (reason || !product || !price) {
      leftOut.push({ name: item.name, size: item.size, reason: reason ?? "not_on_menu" });
      continue;
    }
    lines.push({
      productId: product.id,
      categoryId: product.categoryId,
      name: product.name,
      image: product.image,
      size: item.size,
      quantity: item.quantity,
      note: item.comment,
      unitPriceCents: effectivePriceCents(price),
      previousUnitPriceCents: item.unitPriceCents,
    });
  }
  return { lines, leftOut };
}
