import { Hono, type Context } from "hono";
import { z } from "zod";
import type { EarlierOrdersClosed, EarlierOrdersResponse } from "#common/earlier-orders";
import { shopDayStart } from "#common/shop-calendar";
import { orderStatusChangeSchema } from "#common/forms/order-status";
import type { OrderHistoryResponse, StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { notFound } from "#worker/lib/errors";
import { jsonBody } from "#worker/lib/json-body";
import { validate } from "#worker/lib/validation";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import {
  boardOrderHistory,
  listBoardOrders,
  listDoneOrders,
  listUnpaidToday,
} from "#worker/services/orders/board-orders";
import { countEarlierOrders } from "#worker/services/orders/earlier-orders";
import { findBoardShop } from "#worker/services/staff/board-shop";
import { changeOrderStatus } from "#worker/services/staff/order-status";
import {
  collectAtCounter,
  giveBackAtCounter,
  recallOrder,
  type CounterChangeInput,
} from "#worker/services/staff/counter-changes";
import { closeEarlier, earlierOrdersPage } from "#worker/services/staff/earlier-orders";

/** `?offset=` of a page of orders from earlier days. */
const earlierPageQuery = z.object({
  offset: z.coerce.number("offset must be a number").int().min(0).max(1_000_000).default(0),
});

/** Who changes which order: the signed-in staff member, at their own location. */
function counterChange(c: Context<AppEnv>): CounterChangeInput {
  const id = c.req.param("id") ?? "";
  if (id.length > 100) throw notFound("Order not found");
  return { db: getDb(c.env.DB), staff: c.get("staff")!, staffUserId: c.get("userId")!, orderId: id };
}

/**
 * The shop's side: 401 for a guest, 403 for a shopper, and a staff member sees and changes the
 * orders of their own location only (another location's order is a 404).
 */
export const staffRouter = new Hono<AppEnv>()
  /** The location's open orders, oldest first, with everything the counter needs, and its Done list. */
  .get("/orders", async (c) => {
    c.header("Cache-Control", "no-store");
    const db = getDb(c.env.DB);
    const { locationId } = c.get("staff")!;
    const location = await findBoardShop(db, locationId);
    if (!location) throw notFound("Shop not found");
    const readAt = new Date();
    // Orders from an earlier day of the shop come as a count; a page of them is /orders/earlier.
    const dayStart = shopDayStart(readAt.getTime(), location.timeZone).toISOString();
    const [orders, done, unpaid, earlier] = await Promise.all([
      listBoardOrders(db, locationId, dayStart),
      listDoneOrders(db, locationId, dayStart),
      listUnpaidToday(db, locationId, dayStart),
      countEarlierOrders(db, locationId, dayStart),
    ]);
    return c.json({
      location,
      orders,
      done,
      unpaid,
      earlier: { count: earlier },
      readAt: readAt.toISOString(),
    } satisfies StaffOrdersResponse);
  })
  /** A page of the orders still open from an earlier day of the shop, oldest first. */
  .get("/orders/earlier", validate("query", earlierPageQuery), async (c) => {
    c.header("Cache-Control", "no-store");
    const page = await earlierOrdersPage(getDb(c.env.DB), c.get("staff")!.locationId, c.req.valid("query").offset);
    return c.json(page satisfies EarlierOrdersResponse);
  })
  /** Closes every order still open from an earlier day: Ready ones completed, the others cancelled. */
  .post("/orders/earlier/close", ...jsonBody(z.object({})), async (c) => {
    const closed = await closeEarlier(getDb(c.env.DB), c.get("staff")!.locationId, c.get("userId")!);
    return c.json({ closed } satisfies { closed: EarlierOrdersClosed });
  })
  .post("/orders/:id/status", ...jsonBody(orderStatusChangeSchema), async (c) => {
    const id = c.req.param("id");
    if (id.length > 100) throw notFound("Order not found");
    const { status, reason, payment, expected } = c.req.valid("json");
    const result = await changeOrderStatus({
      db: getDb(c.env.DB),
      env: c.env,
      staff: c.get("staff")!,
      staffUserId: c.get("userId")!,
      orderId: id,
      status,
      reason,
      payment,
      expected,
    });
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** Back from the Done list: a completed order to ready, a cancelled one to where it was (409 says why not). */
  .post("/orders/:id/recall", ...jsonBody(z.object({})), async (c) => {
    const result = await recallOrder(counterChange(c));
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** A pay-on-pickup order's total collected at the counter: its payment state becomes paid_at_counter. */
  .post("/orders/:id/paid-at-counter", ...jsonBody(z.object({})), async (c) => {
    const result = await collectAtCounter(counterChange(c));
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** Money paid at the counter for a cancelled order, handed back there: its payment state becomes given_back. */
  .post("/orders/:id/given-back", ...jsonBody(z.object({})), async (c) => {
    const result = await giveBackAtCounter(counterChange(c));
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** Every change to one of the location's orders: what it became, who made it and when. */
  .get("/orders/:id/history", async (c) => {
    c.header("Cache-Control", "no-store");
    const id = c.req.param("id");
    const db = getDb(c.env.DB);
    const history = id.length <= 100 ? await boardOrderHistory(db, c.get("staff")!.locationId, id) : null;
    if (!history) throw notFound("Order not found");
    return c.json({ history } satisfies OrderHistoryResponse);
  });
