/**
 * The counter's side of orders left open from an earlier day of the shop (common/earlier-orders.ts):
 * a page of them on request, and the one action that closes them all.
 */
import { EARLIER_ORDERS_PAGE_SIZE, type EarlierOrdersClosed, type EarlierOrdersResponse } from "#common/earlier-orders";
import { shopDayStart } from "#common/shop-calendar";
import type { Database } from "#worker/db/client";
import { notFound } from "#worker/lib/errors";
import { closeEarlierOrders, countEarlierOrders, listEarlierOrders } from "#worker/services/orders/earlier-orders";
import { findBoardShop } from "./board-shop";

/** When the shop's today began, on its own clock. */
export async function shopTodayStart(db: Database, locationId: string, now = Date.now()): Promise<string> {
  const location = await findBoardShop(db, locationId);
  if (!location) throw notFound("Shop not found");
  return shopDayStart(now, location.timeZone).toISOString();
}

export async function earlierOrdersPage(
  db: Database,
  locationId: string,
  offset: number,
): Promise<EarlierOrdersResponse> {
  const dayStart = await shopTodayStart(db, locationId);
  const [total, page] = await Promise.all([
    countEarlierOrders(db, locationId, dayStart),
    listEarlierOrders(db, locationId, dayStart, { offset, limit: EARLIER_ORDERS_PAGE_SIZE }),
  ]);
  const next = offset + page.length;
  return { orders: page, total, nextOffset: next < total && page.length > 0 ? next : null };
}

export async function closeEarlier(
  db: Database,
  locationId: string,
  staffUserId: string,
): Promise<EarlierOrdersClosed> {
  return closeEarlierOrders(db, locationId, await shopTodayStart(db, locationId), staffUserId);
}
