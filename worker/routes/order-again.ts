import { Hono } from "hono";
import type { OrderAgainResponse } from "#common/order-again";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { notFound } from "#worker/lib/errors";
import { validate } from "#worker/lib/validation";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { orderAgain } from "#worker/services/orders/order-again";
import { shopQuery, shopMenuOf } from "#worker/services/shop/menu/requested-menu";

/**
 * `GET /api/orders/:id/again[?location=<id>]`: one of the user's orders as a cart today, at the
 * prices of the shop the request names (the default shop without it; common/order-again.ts).
 */
export const orderAgainRouter = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/:id/again", validate("query", shopQuery), async (c) => {
    const id = c.req.param("id");
    const db = getDb(c.env.DB);
    const shop = await shopMenuOf(c, db);
    const answer = id.length <= 100 ? await orderAgain(db, c.get("userId")!, id, shop) : null;
    if (!answer) throw notFound("Order not found");
    return c.json(answer satisfies OrderAgainResponse);
  });
