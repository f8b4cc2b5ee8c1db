import { Hono } from "hono";
import type { OrderAgainResponse } from "#common/order-again";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { notFound } from "#worker/lib/errors";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { orderAgain } from "#worker/services/orders/order-again";

/** `GET /api/orders/:id/again`: one of the user's orders as a cart today (common/order-again.ts). */
export const orderAgainRouter = new Hono<AppEnv>().use("*", requireUser).get("/:id/again", async (c) => {
  const id = c.req.param("id");
  const answer = id.length <= 100 ? await orderAgain(getDb(c.env.DB), c.get("userId")!, id) : null;
  if (!answer) throw notFound("Order not found");
  return c.json(answer satisfies OrderAgainResponse);
});
