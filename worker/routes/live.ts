import { Hono } from "hono";
import type { AppEnv } from "#worker/env";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { requireStaff } from "#worker/services/staff/require-staff";
import { requireSameOriginWebSocket } from "#worker/lib/websocket-upgrade";
import { getDb } from "#worker/db/client";
import { connectListener } from "#worker/live/channel";
import { shopperLocationId } from "#worker/services/orders/shopper-orders";

/**
 * The live channels (WebSockets to the location's Durable Object). Who listens, and to which
 * location, comes from the session alone: a board hears its staff member's location, a shopper
 * hears only their own orders.
 */
export const liveRouter = new Hono<AppEnv>()
  .use("*", requireSameOriginWebSocket)
  .get("/board", requireStaff, (c) => {
    const staff = c.get("staff")!;
    const listener = { kind: "board" as const, userId: c.get("userId")!, session: c.get("sessionHash")! };
    return connectListener(c.env, staff.locationId, listener);
  })
  .get("/orders", requireUser, async (c) => {
    const userId = c.get("userId")!;
    const locationId = await shopperLocationId(getDb(c.env.DB), userId);
    return connectListener(c.env, locationId, { kind: "shopper", userId, session: c.get("sessionHash")! });
  });
