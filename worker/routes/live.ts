import { Hono } from "hono";
import type { AppEnv } from "#worker/env";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { requireStaff } from "#worker/services/staff/require-staff";
import { requireSameOriginWebSocket } from "#worker/lib/websocket-upgrade";
import { connectBoard, connectShopper } from "#worker/live/channel";

/**
 * The live channels (WebSockets to a Durable Object). Who listens, and to what, comes from the
 * session alone: a board hears the shop it was opened for (`?location=`, checked like every staff
 * request, else the member's current shop); a shopper hears their own orders, at every shop.
 */
export const liveRouter = new Hono<AppEnv>()
  .use("*", requireSameOriginWebSocket)
  .get("/board", requireStaff, (c) => {
    const staff = c.get("staff")!;
    const listener = { kind: "board" as const, userId: c.get("userId")!, session: c.get("sessionHash")! };
    return connectBoard(c.env, staff.locationId, listener);
  })
  .get("/orders", requireUser, (c) => {
    const userId = c.get("userId")!;
    return connectShopper(c.env, { kind: "shopper", userId, session: c.get("sessionHash")! });
  });
