import { Hono } from "hono";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogCache } from "#worker/services/catalog-cache";
import { listFeaturedProducts } from "#worker/services/catalog";
import type { Product } from "#common/catalog";

/** Drinks across categories: the popular ones the home page leads with. */
export const productsRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/featured", async (c) => c.json((await listFeaturedProducts(getDb(c.env.DB))) satisfies Product[]));
