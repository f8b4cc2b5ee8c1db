import { Hono, type Context } from "hono";
import { z } from "zod";
import { orderStatusChangeSchema } from "#common/forms/order-status";
import type { OrderHistoryResponse, StaffOrderResponse, StaffOrdersResponse } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { notFound } from "#worker/lib/errors";
import { jsonBody } from "#worker/lib/json-body";
import { requireStaff } from "#worker/lib/staff";
import { announceAfterCommit } from "#worker/services/announcements";
import { boardOrderHistory, listBoardOrders, listDoneOrders } from "#worker/services/orders/board-orders";
import { findBoardLocation } from "#worker/services/staff/board-location";
import { changeOrderStatus } from "#worker/services/staff/order-status";
import { collectAtCounter, recallOrder, type CounterChangeInput } from "#worker/services/staff/counter-changes";

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
  .use("*", requireStaff)
  /** The location's open orders, oldest first, with everything the counter needs, and its Done list. */
  .get("/orders", async (c) => {
    c.header("Cache-Control", "no-store");
    const db = getDb(c.env.DB);
    const { locationId } = c.get("staff")!;
    const [location, orders, done] = await Promise.all([
      findBoardLocation(db, locationId),
      listBoardOrders(db, locationId),
      listDoneOrders(db, locationId),
    ]);
    if (!location) throw notFound("Location not found");
    return c.json({ location, orders, done } satisfies StaffOrdersResponse);
  })
  .post("/orders/:id/status", ...jsonBody(orderStatusChangeSchema), async (c) => {
    const id = c.req.param("id");
    if (id.length > 100) throw notFound("Order not found");
    const { status, reason } = c.req.valid("json");
    const result = await changeOrderStatus({
      db: getDb(c.env.DB),
      env: c.env,
      staff: c.get("staff")!,
      staffUserId: c.get("userId")!,
      orderId: id,
      status,
      reason,
    });
    announceAfterCommit(c, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** Back from the Done list: a completed order to ready, a cancelled one to where it was (409 says why not). */
  .post("/orders/:id/recall", ...jsonBody(z.object({})), async (c) => {
    const result = await recallOrder(counterChange(c));
    announceAfterCommit(c, result.news);
    return c.json({ order: result.order } satisfies StaffOrderResponse);
  })
  /** A pay-on-pickup order's total collected at the counter: its payment state becomes paid_at_counter. */
  .post("/orders/:id/paid-at-counter", ...jsonBody(z.object({})), async (c) => {
    const result = await collectAtCounter(counterChange(c));
    announceAfterCommit(c, result.news);
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
