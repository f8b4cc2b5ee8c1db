import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogCache } from "#worker/services/catalog-cache";
import { notFound } from "#worker/lib/errors";
import { catalogId, validate } from "#worker/lib/validation";
import type { Category, Product } from "#common/catalog";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "#worker/services/catalog";

const categoryParams = z.object({ categoryId: catalogId });
const productParams = z.object({ categoryId: catalogId, productId: catalogId });

export const categoriesRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/", async (c) => c.json((await listVisibleCategories(getDb(c.env.DB))) satisfies Category[]))
  .get("/:categoryId/products", validate("param", categoryParams), async (c) => {
    const { categoryId } = c.req.valid("param");
    const found = await listVisibleProducts(getDb(c.env.DB), categoryId);
    if (!found) throw notFound("Category not found");
    return c.json(found satisfies Product[]);
  })
  .get("/:categoryId/products/:productId", validate("param", productParams), async (c) => {
    const { categoryId, productId } = c.req.valid("param");
    const product = await findVisibleProduct(getDb(c.env.DB), categoryId, productId);
    if (!product) throw notFound("Product not found");
    return c.json(product satisfies Product);
  });
