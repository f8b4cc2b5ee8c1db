import { Hono } from "hono";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { validate } from "#worker/lib/validation";
import { catalogCache } from "#worker/services/catalog-cache";
import { listFeaturedProducts } from "#worker/services/catalog";
import { shopQuery, shopMenuOf } from "#worker/services/shop/menu/requested-menu";
import type { Product } from "#common/catalog";

/** Drinks across categories: the popular ones the home page leads with, as the shop `?location=<id>` sells them. */
export const productsRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/featured", validate("query", shopQuery), async (c) => {
    const db = getDb(c.env.DB);
    const shop = await shopMenuOf(c, db);
    return c.json((await listFeaturedProducts(db, shop.rules)) satisfies Product[]);
  });
