import { Hono } from "hono";
import { z } from "zod";
import { idempotencyKeySchema, orderRequestSchema } from "#common/forms/checkout";
import {
  ORDER_HISTORY_PAGE,
  type CreateOrderResponse,
  type OrderListResponse,
  type OrderResponse,
} from "#common/orders";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { ApiError, notFound } from "#worker/lib/errors";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { validate } from "#worker/lib/validation";
import { jsonBody } from "#worker/lib/json-body";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { placeOrder } from "#worker/services/orders/placing";
import { countWrongPromoCode } from "#worker/services/promo-codes/wrong-codes";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { releaseAbandonedCheckout } from "#worker/services/payments/abandoned-checkout";
import { decodeCursor, findOrder, listOrders } from "#worker/services/orders/shopper-orders";

function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new ApiError(
      400,
      "invalid_input",
      parsed.error.issues[0]?.message ?? "Invalid Idempotency-Key",
      "Idempotency-Key",
    );
  }
  return parsed.data;
}

/** 30 lines with 280-character notes fit well inside this. */
export const ORDER_BODY_LIMIT_BYTES = 48 * 1024;

const historyQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce
    .number("limit must be a number")
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(ORDER_HISTORY_PAGE.maxSize, `limit can be at most ${ORDER_HISTORY_PAGE.maxSize}`)
    .default(ORDER_HISTORY_PAGE.defaultSize),
});

/** Orders belong to signed-in users: placing one, the history, and one order. */
export const ordersRouter = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/", ...jsonBody(orderRequestSchema, ORDER_BODY_LIMIT_BYTES), async (c) => {
    const idempotencyKey = readIdempotencyKey(c.req.header("Idempotency-Key"));
    const request = c.req.valid("json");
    const result = await placeOrder({
      db: getDb(c.env.DB),
      env: c.env,
      userId: c.get("userId")!,
      // The body's shop, else the default one: placing checks it exists and takes online orders.
      locationId: requestedShopId(c, request.locationId ?? null),
      request,
      idempotencyKey,
      origin: new URL(c.req.url).origin,
    }).catch(async (error: unknown) => {
      if (error instanceof ApiError && error.code === "promo_unknown") await countWrongPromoCode(c);
      throw error;
    });
    announceAfterCommit(c.env, c.executionCtx, result.news);
    // A retried submission is answered with the order it already made: 200, not a second 201.
    return c.json(result.response satisfies CreateOrderResponse, result.created ? 201 : 200);
  })
  .get("/", validate("query", historyQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null)
      throw new ApiError(
        400,
        "invalid_input",
        "cursor: not a cursor from this list; start again without one",
        "cursor",
      );
    const page = await listOrders(getDb(c.env.DB), c.get("userId")!, { limit, after });
    return c.json(page satisfies OrderListResponse);
  })
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    const order = id.length <= 100 ? await findOrder(getDb(c.env.DB), c.get("userId")!, id) : null;
    if (!order) throw notFound("Order not found");
    return c.json({ order } satisfies OrderResponse);
  })
  // Back from Stripe's page without paying: the order stops holding its place now (decision record 0019).
  .post("/:id/payment/cancel", ...jsonBody(z.object({})), async (c) => {
    const db = getDb(c.env.DB);
    const userId = c.get("userId")!;
    const id = c.req.param("id");
    const released = id.length <= 100 ? await releaseAbandonedCheckout(db, c.env, userId, id) : null;
    const order = released?.found ? await findOrder(db, userId, id) : null;
    if (!order) throw notFound("Order not found");
    announceAfterCommit(c.env, c.executionCtx, released!.news);
    return c.json({ order } satisfies OrderResponse);
  });
