import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { catalogCache } from "../lib/catalog-cache";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validation";
import { findVisibleProduct, listVisibleCategories, listVisibleProducts } from "../services/catalog";

/** A category's or drink's id, as the catalog's addresses carry it (the landing pages check it too). */
export const catalogId = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _");
const categoryParams = z.object({ categoryId: catalogId });
const productParams = z.object({ categoryId: catalogId, productId: catalogId });

export const categoriesRouter = new Hono<AppEnv>()
  .use(...catalogCache())
  .get("/", async (c) => c.json(await listVisibleCategories(getDb(c.env.DB))))
  .get("/:categoryId/products", validate("param", categoryParams), async (c) => {
    const { categoryId } = c.req.valid("param");
    const found = await listVisibleProducts(getDb(c.env.DB), categoryId);
    if (!found) throw notFound("Category not found");
    return c.json(found);
  })
  .get("/:categoryId/products/:productId", validate("param", productParams), async (c) => {
    const { categoryId, productId } = c.req.valid("param");
    const product = await findVisibleProduct(getDb(c.env.DB), categoryId, productId);
    if (!product) throw notFound("Product not found");
    return c.json(product);
  });
