/**
 * No shopper takes the day, and no handful of new accounts takes a shop's
 * (docs/decisions/0019-holds-and-releases.md, 0031-new-accounts-and-the-queue.md). Open drinks
 * are the drinks of orders that are received, preparing or ready and not paid (pay on pickup
 * not yet collected, or a card payment still awaited), for any pickup time, at every shop:
 * - one account may hold at most OPEN_DRINKS_PER_ACCOUNT of them, or OPEN_DRINKS_PER_NEW_ACCOUNT
 *   while it has never had an order completed (409 `open_drinks_limit`);
 * - all such new accounts together may hold at most the shop's `max_new_account_unpaid_drinks`
 *   there (409 `shop_busy`).
 * Both are checked before anything is written, and again inside the order's own batch.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { OPEN_ORDER_STATUSES } from "#common/order-lifecycle";
import { drinksLabel } from "#common/order-size";
import type { PaymentState } from "#common/orders";
import type { Database } from "#worker/db/client";
import { locations, orders } from "#worker/db/schema";
import { isNotNullViolation } from "#worker/lib/db-errors";
import { ApiError } from "#worker/lib/errors";

/** Open drinks one account may hold at all the shops together: one number for the business. */
export const OPEN_DRINKS_PER_ACCOUNT = 40;
/** The same for an account that has never had an order completed. */
export const OPEN_DRINKS_PER_NEW_ACCOUNT = 10;

/** The shop has not had the money yet: collected at the counter later, or a card payment awaited. */
const UNPAID_STATES = ["not_required", "pending"] as const satisfies readonly PaymentState[];

/** SQL's list of these values (constants of the code, never input). */
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

/** An order of `orders AS <name>` that is open and unpaid. */
const openUnpaid = (name: string) =>
  sql.raw(
    `${name}.status IN (${sqlList(OPEN_ORDER_STATUSES)}) AND ${name}.payment_state IN (${sqlList(UNPAID_STATES)})`,
  );

/** Whether the account (a value, or a column of an enclosing query) has had an order completed. */
const isReturning = (userId: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM orders AS completed_orders WHERE completed_orders.user_id = ${userId} AND completed_orders.status = 'completed')`;

/** The account's open drinks now, at every shop. */
const ownOpenDrinks = (userId: string) =>
  sql<number>`(SELECT ifnull(sum(own_items.quantity), 0) FROM order_items AS own_items JOIN orders AS own_orders ON own_orders.id = own_items.order_id WHERE own_orders.user_id = ${userId} AND ${openUnpaid("own_orders")})`;

/** The open drinks of every new account at the shop now. */
const newAccountsOpenDrinks = (locationId: string) =>
  sql<number>`(SELECT ifnull(sum(shop_items.quantity), 0) FROM order_items AS shop_items JOIN orders AS shop_orders ON shop_orders.id = shop_items.order_id WHERE shop_orders.location_id = ${locationId} AND ${openUnpaid("shop_orders")} AND NOT ${isReturning(sql.raw("shop_orders.user_id"))})`;

export interface OpenDrinks {
  /** The account's own open drinks, at every shop. */
  own: number;
  returning: boolean;
  /** All new accounts' open drinks at the shop. */
  newAccountsAtShop: number;
}

export const openDrinksLimitOf = (returning: boolean) =>
  returning ? OPEN_DRINKS_PER_ACCOUNT : OPEN_DRINKS_PER_NEW_ACCOUNT;

/** The counts the limits are checked against, in one query (for a batch of its own or another's). */
export function openDrinksQuery(db: Database, userId: string, locationId: string) {
  return db
    .select({
      own: ownOpenDrinks(userId),
      returning: sql<number>`${isReturning(userId)}`,
      newAccountsAtShop: newAccountsOpenDrinks(locationId),
    })
    .from(locations)
    .where(eq(locations.id, locationId));
}

/** The counts from openDrinksQuery's rows. */
export function openDrinksFrom(rows: { own: unknown; returning: unknown; newAccountsAtShop: unknown }[]): OpenDrinks {
  const [row] = rows;
  return {
    own: Number(row?.own ?? 0),
    returning: Boolean(row?.returning),
    newAccountsAtShop: Number(row?.newAccountsAtShop ?? 0),
  };
}

export async function openDrinksOf(db: Database, userId: string, locationId: string): Promise<OpenDrinks> {
  return openDrinksFrom(await openDrinksQuery(db, userId, locationId));
}

export function openDrinksLimitError(open: OpenDrinks, phone: string): ApiError {
  const limit = openDrinksLimitOf(open.returning);
  const who = open.returning ? "one account" : "a new account (one with no order picked up yet)";
  const sentence =
    open.own > 0
      ? `You already have ${drinksLabel(open.own)} ordered and not yet paid for; ${who} can have at most ${limit} at a time.`
      : `${who[0]!.toUpperCase()}${who.slice(1)} can have at most ${limit} drinks ordered and not yet paid for at a time.`;
  return new ApiError(409, "open_drinks_limit", `${sentence} To order more now, call the shop at ${phone}.`, "lines");
}

export function shopBusyError(shopName: string, phone: string): ApiError {
  return new ApiError(
    409,
    "shop_busy",
    `${shopName} has as many unpaid online orders from new accounts as it can take just now. Order at the counter, or call the shop at ${phone}.`,
  );
}

export interface OpenDrinksShop {
  id: string;
  name: string;
  phone: string;
  /** The shop's `max_new_account_unpaid_drinks`. */
  newAccountUnpaidDrinks: number;
}

/** The refusal for an order of `drinks` more, or null when both limits hold. */
export function openDrinksRefusal(open: OpenDrinks, drinks: number, shop: OpenDrinksShop): ApiError | null {
  if (open.own + drinks > openDrinksLimitOf(open.returning)) return openDrinksLimitError(open, shop.phone);
  if (!open.returning && open.newAccountsAtShop + drinks > shop.newAccountUnpaidDrinks) {
    return shopBusyError(shop.name, shop.phone);
  }
  return null;
}

/** Refused before anything is written when the order would take the account or the shop past its limit. */
export function refuseOverOpenDrinks(open: OpenDrinks, drinks: number, shop: OpenDrinksShop): void {
  const refusal = openDrinksRefusal(open, drinks, shop);
  if (refusal) throw refusal;
}

/**
 * The same limits as one statement in the order's own batch, after its lines: counted inside the
 * transaction, so a burst of concurrent orders cannot all pass a count taken before any was
 * written. Past the account's limit the new order's payment state is set to NULL, past the shop's
 * (only) its payment mode; the NOT NULL columns refuse either, undoing the whole batch
 * (overOpenDrinks).
 */
export function openDrinksGuard(
  db: Database,
  userId: string,
  orderId: string,
  shop: OpenDrinksShop,
): BatchItem<"sqlite"> {
  const returning = isReturning(userId);
  const accountHolds = sql`${ownOpenDrinks(userId)} <= CASE WHEN ${returning} THEN ${OPEN_DRINKS_PER_ACCOUNT} ELSE ${OPEN_DRINKS_PER_NEW_ACCOUNT} END`;
  const shopHolds = sql`${returning} OR ${newAccountsOpenDrinks(shop.id)} <= ${shop.newAccountUnpaidDrinks}`;
  return db
    .update(orders)
    .set({
      paymentState: sql`CASE WHEN ${accountHolds} THEN ${orders.paymentState} END`,
      // The account's own limit is the one to name when both are past.
      paymentMode: sql`CASE WHEN NOT (${accountHolds}) OR ${shopHolds} THEN ${orders.paymentMode} END`,
    })
    .where(eq(orders.id, orderId));
}

/** Which limit undid the batch (openDrinksGuards), if one did. */
export function overOpenDrinks(error: unknown): "account" | "shop" | null {
  if (isNotNullViolation(error, "orders.payment_state")) return "account";
  if (isNotNullViolation(error, "orders.payment_mode")) return "shop";
  return null;
}
