/**
 * An order's discounts read back (order_discounts and each line's share in order_discount_lines)
 * for the shapes every screen and e-mail shows. Written by ./discount-rows.ts.
 */
import { asc, inArray } from "drizzle-orm";
import type { OrderDiscount } from "#common/orders";
import { inListChunks } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderDiscountLines, orderDiscounts } from "#worker/db/schema";

/** One order's discounts in the order applied, and each line's share of them together by its place. */
export interface OrderDiscounts {
  discounts: OrderDiscount[];
  lineShares: Map<number, number>;
}

/**
 * The discounts of the orders given, keyed by order id. Only orders whose stored total discount is
 * above zero are asked for, so a board without codes costs no query.
 */
export async function discountsByOrder(
  db: Database,
  rows: readonly { id: string; discountCents: number }[],
): Promise<Map<string, OrderDiscounts>> {
  const ids = rows.filter((row) => row.discountCents > 0).map((row) => row.id);
  const byOrder = new Map<string, OrderDiscounts>();
  if (ids.length === 0) return byOrder;
  const [discountRows, shareRows] = await Promise.all([
    Promise.all(
      inListChunks(ids).map((chunk) =>
        db
          .select()
          .from(orderDiscounts)
          .where(inArray(orderDiscounts.orderId, chunk))
          .orderBy(asc(orderDiscounts.orderId), asc(orderDiscounts.position)),
      ),
    ),
    Promise.all(
      inListChunks(ids).map((chunk) =>
        db.select().from(orderDiscountLines).where(inArray(orderDiscountLines.orderId, chunk)),
      ),
    ),
  ]);
  const of = (orderId: string): OrderDiscounts => {
    let found = byOrder.get(orderId);
    if (!found) byOrder.set(orderId, (found = { discounts: [], lineShares: new Map() }));
    return found;
  };
  for (const row of discountRows.flat())
    of(row.orderId).discounts.push({ kind: row.kind, name: row.name, amountCents: row.amountCents });
  for (const row of shareRows.flat()) {
    const shares = of(row.orderId).lineShares;
    shares.set(row.lineIndex, (shares.get(row.lineIndex) ?? 0) + row.amountCents);
  }
  return byOrder;
}
