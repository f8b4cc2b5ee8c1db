/**
 * No shopper takes the day (docs/decisions/0019-holds-and-releases.md): one account may have at
 * most the location's drinks per online order in open, unpaid orders at a time: drinks of its
 * orders that are received, preparing or ready and not paid (pay on pickup not yet collected, or
 * a card payment still awaited), for any pickup time. Past that, 409 `open_drinks_limit`: the
 * shop takes more by phone.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import { drinksLabel } from "#common/order-size";
import type { PaymentState } from "#common/orders";
import type { Database } from "#worker/db/client";
import { orderItems, orders } from "#worker/db/schema";
import { isNotNullViolation } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";

/** The shop has not had the money yet: collected at the counter later, or a card payment awaited. */
const UNPAID_STATES = ["not_required", "pending"] as const satisfies readonly PaymentState[];

const openUnpaidOf = (userId: string) =>
  and(
    eq(orders.userId, userId),
    inArray(orders.status, OPEN_ORDER_STATUSES),
    inArray(orders.paymentState, UNPAID_STATES),
  );

/** The account's drinks in open, unpaid orders now. */
export async function openDrinksOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ drinks: sql<number>`ifnull(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(openUnpaidOf(userId));
  return Number(row?.drinks ?? 0);
}

export function openDrinksLimitError(open: number, limit: number, phone: string): ApiError {
  return new ApiError(
    409,
    "open_drinks_limit",
    `You already have ${drinksLabel(open)} ordered and not yet paid for; one account can have at most ${limit} at a time. To order more now, call the shop at ${phone}.`,
    "lines",
  );
}

/** Refused before anything is written when the order would take the account past the limit. */
export async function refuseOverOpenDrinks(
  db: Database,
  userId: string,
  drinks: number,
  limit: number,
  phone: string,
): Promise<void> {
  const open = await openDrinksOf(db, userId);
  if (open + drinks > limit) throw openDrinksLimitError(open, limit, phone);
}

/**
 * The same limit as a statement in the order's own batch, after its lines: counted inside the
 * transaction, so a burst of concurrent orders from one account cannot all pass a count taken
 * before any was written. Past the limit it sets the new order's payment state to NULL, which
 * the NOT NULL column refuses, undoing the whole batch (isOverOpenDrinks).
 */
export function openDrinksGuard(db: Database, userId: string, orderId: string, limit: number): BatchItem<"sqlite"> {
  const open = sql`(SELECT ifnull(sum(${orderItems.quantity}), 0) FROM ${orderItems} JOIN ${orders} ON ${orders.id} = ${orderItems.orderId} WHERE ${openUnpaidOf(userId)})`;
  return db
    .update(orders)
    .set({ paymentState: sql`CASE WHEN ${open} <= ${limit} THEN ${orders.paymentState} END` })
    .where(eq(orders.id, orderId));
}

/** The batch was undone by openDrinksGuard. */
export function isOverOpenDrinks(error: unknown): boolean {
  return isNotNullViolation(error, "orders.payment_state");
}
