/** An order's discounts as rows of their own (order_discounts), each with its lines' shares. */
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

/** What the discounts take off the order's `lineIndex`-th line together (0: none). */
export function lineDiscountCents(discounts: readonly OrderDiscount[], lineIndex: number): number {
  return discounts.reduce(
    (sum, discount) => sum + (discount.lines.find((line) => line.lineIndex === lineIndex)?.amountCents ?? 0),
    0,
  );
}
