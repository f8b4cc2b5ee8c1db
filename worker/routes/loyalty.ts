import { Hono } from "hono";
import type { LoyaltyResponse } from "#common/loyalty";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { stampCardOf } from "#worker/services/loyalty/stamp-card";

/** `GET /api/loyalty`: the signed-in shopper's stamp card (common/loyalty.ts). */
export const loyaltyRouter = new Hono<AppEnv>().use("*", requireUser).get("/", async (c) => {
  const card = await stampCardOf(getDb(c.env.DB), c.get("userId")!);
  c.header("Cache-Control", "private, no-store");
  return c.json(card satisfies LoyaltyResponse);
});
