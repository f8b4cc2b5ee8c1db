/** An order's discounts as rows of their own (order_discounts), each with its lines' shares: written with the order, read for its card checkout. */
import { and, asc, eq } from "drizzle-orm";
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

/** An order's discounts as stored, in their order, each with its lines' shares. */
export async function storedDiscounts(db: Database, orderId: string): Promise<OrderDiscount[]> {
  const [discounts, shares] = await db.batch([
    db
      .select({
        position: orderDiscounts.position,
        kind: orderDiscounts.kind,
        name: orderDiscounts.name,
        amountCents: orderDiscounts.amountCents,
      })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, orderId))
      .orderBy(asc(orderDiscounts.position)),
    db
      .select({
        position: orderDiscountLines.position,
        lineIndex: orderDiscountLines.lineIndex,
        amountCents: orderDiscountLines.amountCents,
      })
      .from(orderDiscountLines)
      .where(eq(orderDiscountLines.orderId, orderId))
      .orderBy(asc(orderDiscountLines.lineIndex)),
  ]);
  return discounts.map(({ position, ...discount }) => ({
    ...discount,
    lines: shares
      .filter((share) => share.position === position)
      .map(({ lineIndex, amountCents }) => ({ lineIndex, amountCents })),
  }));
}

/** What is taken off each line, by its place in the order: its discounts' names together and their shares summed. */
export function discountsByLine(discounts: readonly OrderDiscount[]): Map<number, { name: string; cents: number }> {
  const byLine = new Map<number, { name: string; cents: number }>();
  for (const discount of discounts) {
    for (const share of discount.lines) {
      const taken = byLine.get(share.lineIndex);
      byLine.set(
        share.lineIndex,
        taken
          ? { name: `${taken.name} + ${discount.name}`, cents: taken.cents + share.amountCents }
          : { name: discount.name, cents: share.amountCents },
      );
    }
  }
  return byLine;
}

/** The promo code an order was placed with (its discount's name), or "" without one. */
export async function promoCodeOf(db: Database, orderId: string): Promise<string> {
  const [row] = await db
    .select({ name: orderDiscounts.name })
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.orderId, orderId), eq(orderDiscounts.kind, "promo")));
  return row?.name ?? "";
}

/** What the discounts take off the order's `lineIndex`-th line together (0: none). */
export function lineDiscountCents(discounts: readonly OrderDiscount[], lineIndex: number): number {
  return discounts.reduce(
    (sum, discount) => sum + (discount.lines.find((line) => line.lineIndex === lineIndex)?.amountCents ?? 0),
    0,
  );
}
