import { Hono } from "hono";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogCache } from "#worker/services/catalog-cache";
import { listSettings } from "#worker/services/catalog";
import type { FranchiseSettings } from "#common/catalog";

export const settingsRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/", async (c) => c.json((await listSettings(getDb(c.env.DB))) satisfies FranchiseSettings[]));
