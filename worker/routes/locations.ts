import { Hono } from "hono";
import { z } from "zod";
import { locationsQuerySchema } from "#common/forms/shop-choice";
import type { LocationSummary, LocationsResponse } from "#common/locations";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { validate } from "#worker/lib/validation";
import { onlineShopBySlug, onlineShops } from "#worker/services/shop/directory/online-shops";
import { directoryCache } from "#worker/services/shop/directory/directory-cache";
import { zipCentroid } from "#worker/services/shop/directory/zip-centroids";

const slugParams = z.object({
  slug: z
    .string()
    .max(64)
    .regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and hyphens"),
});

/**
 * `GET /api/locations[?zip=92832 | ?near=<lat>,<lng>]`: the shops taking online orders, nearest
 * first when a point is given (distances from stored coordinates, nothing asked outside), and
 * `GET /api/locations/:slug`: one of them. Each says whether it is open now on its own clock, so
 * the answer is cached for a minute at most (services/shop/directory/directory-cache.ts).
 */
export const locationsRouter = new Hono<AppEnv>()
  .get("/", validate("query", locationsQuerySchema), directoryCache(), async (c) => {
    const { zip, near } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const from = zip ? await zipCentroid(db, zip) : near;
    return c.json({ locations: await onlineShops(db, new Date(), from) } satisfies LocationsResponse);
  })
  .get("/:slug", validate("param", slugParams), directoryCache(), async (c) => {
    const shop = await onlineShopBySlug(getDb(c.env.DB), c.req.valid("param").slug, new Date());
    return c.json(shop satisfies LocationSummary);
  });
