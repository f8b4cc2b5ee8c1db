import { Hono } from "hono";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { catalogCache } from "../lib/catalog-cache";
import { listSettings } from "../services/catalog";

export const settingsRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/", async (c) => c.json(await listSettings(getDb(c.env.DB))));
