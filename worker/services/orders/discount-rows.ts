/** An order's discounts as rows of their own (order_discounts), each with its lines' shares. */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DiscountKind } from "#common/promo-codes";
import { insertRows } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { orderDiscountLines, orderDiscounts } from "#worker/db/schema";

export interface OrderDiscount {
  kind: DiscountKind;
  name: string;
  amountCents: number;
  /** Each line's share (by its place in the order); they add up to amountCents. */
  lines: readonly { lineIndex: number; amountCents: number }[];
}

/** The statements that write `discounts` for the order, numbered in their order. */
export function discountStatements(
  db: Database,
  orderId: string,
  discounts: readonly OrderDiscount[],
): BatchItem<"sqlite">[] {
  const applied = discounts.filter((discount) => discount.amountCents > 0);
  if (applied.length === 0) return [];
  return [
    ...insertRows(
      db,
      orderDiscounts,
      applied.map((discount, position) => ({
        orderId,
        position,
        kind: discount.kind,
        name: discount.name,
        amountCents: discount.amountCents,
      })),
    ),
    ...insertRows(
      db,
      orderDiscountLines,
      applied.flatMap((discount, position) =>
        discount.lines.map((line) => ({ orderId, position, lineIndex: line.lineIndex, amountCents: line.amountCents })),
      ),
    ),
  ];
}

/** The promo code an order was placed with (its discount's name), or "" without one. */
export async function promoCodeOf(db: Database, orderId: string): Promise<string> {
  const [row] = await db
    .select({ name: orderDiscounts.name })
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.orderId, orderId), eq(orderDiscounts.kind, "promo")));
  return row?.name ?? "";
}
