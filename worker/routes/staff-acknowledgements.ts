import { Hono } from "hono";
import { acknowledgeOrdersSchema } from "#common/forms/acknowledge-orders";
import type { AcknowledgeOrdersResponse } from "#common/staff-orders";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { acknowledgeOrdersAtCounter } from "#worker/services/staff/order-acknowledgements";

/**
 * "Seen": the new orders a staff member saw, acknowledged for every board of their location.
 * Another location's order, or an unknown one, is left out of the answer (never an error: a
 * board may name an order cancelled a moment ago).
 */
export const staffAcknowledgementsRouter = new Hono<AppEnv>().post(
  "/",
  ...jsonBody(acknowledgeOrdersSchema),
  async (c) => {
    const result = await acknowledgeOrdersAtCounter({
      db: getDb(c.env.DB),
      staff: c.get("staff")!,
      staffUserId: c.get("userId")!,
      orderIds: c.req.valid("json").orderIds,
    });
    announceAfterCommit(c.env, c.executionCtx, result.news);
    return c.json({ acknowledgements: result.acknowledgements } satisfies AcknowledgeOrdersResponse);
  },
);
