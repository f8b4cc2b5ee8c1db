import { Hono } from "hono";
import { z } from "zod";
import type { ShopStatus } from "#common/availability";
import type { AppEnv } from "#worker/env";
import { replicaDatabase } from "#worker/lib/d1-bookmarks";
import { catalogId, validate } from "#worker/lib/validation";
import { DEFAULT_LOCATION_ID } from "#worker/services/locations/default-shop";
import { shopStatus } from "#worker/services/availability/status";

const shopStatusQuery = z.object({ location: catalogId.optional() });

/**
 * `GET /api/store`: whether the shop takes orders now, its hours, what is sold out and today's
 * pickup slots. It changes within the day, so it is never cached anywhere (the catalog is; see
 * docs/decisions/0007-fresh-availability-cached-catalog.md) and the pages poll it; the days ahead
 * are GET /api/pickup-days's, which only the checkout asks for.
 */
export const shopStatusRouter = new Hono<AppEnv>().get("/", validate("query", shopStatusQuery), async (c) => {
  const bookmarked = replicaDatabase(c);
  const status = await shopStatus(bookmarked.db, c.req.valid("query").location ?? DEFAULT_LOCATION_ID, new Date());
  bookmarked.keepBookmark();
  c.header("Cache-Control", "no-store");
  return c.json(status satisfies ShopStatus);
});
