import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogCache } from "#worker/services/catalog-cache";
import { notFound } from "#worker/lib/errors";
import { catalogId, validate } from "#worker/lib/validation";
import type { Category, Product } from "#common/catalog";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "#worker/services/catalog";
import { shopQuery, shopMenuOf } from "#worker/services/shop/menu/requested-menu";
import { notSoldError } from "#worker/services/shop/menu/sold-elsewhere";

const categoryParams = z.object({ categoryId: catalogId });
const productParams = z.object({ categoryId: catalogId, productId: catalogId });

/** The menu of the shop `?location=<id>` names (the default shop without it): its prices, without what it does not sell. */
export const categoriesRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/", validate("query", shopQuery), async (c) => {
    const db = getDb(c.env.DB);
    // The categories are the catalog's at every shop; the shop is still checked, so a wrong one is a 400 here too.
    await shopMenuOf(c, db);
    return c.json((await listVisibleCategories(db)) satisfies Category[]);
  })
  .get("/:categoryId/products", validate("param", categoryParams), validate("query", shopQuery), async (c) => {
    const { categoryId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const shop = await shopMenuOf(c, db);
    const found = await listVisibleProducts(db, categoryId, shop.rules);
    if (!found) throw notFound("Category not found");
    return c.json(found satisfies Product[]);
  })
  .get(
    "/:categoryId/products/:productId",
    validate("param", productParams),
    validate("query", shopQuery),
    async (c) => {
      const { categoryId, productId } = c.req.valid("param");
      const db = getDb(c.env.DB);
      const shop = await shopMenuOf(c, db);
      const product = await findVisibleProduct(db, categoryId, productId, shop.rules);
      if (!product) throw notFound("Product not found");
      if (product === "not_sold") throw await notSoldError(db, productId, shop);
      return c.json(product satisfies Product);
    },
  );
