import { Hono } from "hono";
import { idempotencyKeySchema, orderRequestSchema } from "../../common/forms/checkout";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../lib/errors";
import { requireUser } from "../lib/session";
import { jsonPayload, limitBody, requireJsonBody } from "../lib/json-body";
import { findOrder, listOrders, placeOrder } from "../services/orders";
import { deliverSoon } from "../services/outbox";

/** Orders belong to signed-in users: placing one, the history, and one order. */
export const ordersRouter = new Hono<AppEnv>();

ordersRouter.use("*", requireUser);

function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new ApiError(400, "invalid_input", parsed.error.issues[0]?.message ?? "Invalid Idempotency-Key", "Idempotency-Key");
  }
  return parsed.data;
}

/** 30 lines with 280-character notes fit well inside this. */
const ORDER_BODY_LIMIT_BYTES = 48 * 1024;

ordersRouter.post("/", limitBody(ORDER_BODY_LIMIT_BYTES), requireJsonBody, jsonPayload(orderRequestSchema), async (c) => {
  const idempotencyKey = readIdempotencyKey(c.req.header("Idempotency-Key"));
  const result = await placeOrder({
    db: getDb(c.env.DB),
    env: c.env,
    userId: c.get("userId")!,
    request: c.req.valid("json"),
    idempotencyKey,
    origin: new URL(c.req.url).origin,
  });
  deliverSoon(c.executionCtx, c.env, result.emailIds);
  // A retried submission is answered with the order it already made: 200, not a second 201.
  return c.json(result.response, result.created ? 201 : 200);
});

ordersRouter.get("/", async (c) => {
  const orders = await listOrders(getDb(c.env.DB), c.get("userId")!);
  return c.json({ orders });
});

ordersRouter.get("/:id", async (c) => {
  const id = c.req.param("id");
  const order = id.length <= 100 ? await findOrder(getDb(c.env.DB), c.get("userId")!, id) : null;
  if (!order) throw notFound("Order not found");
  return c.json({ order });
});
