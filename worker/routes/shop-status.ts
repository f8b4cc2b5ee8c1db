import { Hono } from "hono";
import { z } from "zod";
import type { ShopStatus } from "#common/availability";
import type { AppEnv } from "#worker/env";
import { replicaDatabase } from "#worker/lib/d1-bookmarks";
import { catalogId, validate } from "#worker/lib/validation";
import { LOCATION_PARAM } from "#common/locations";
import { requireKnownShop } from "#worker/services/shop/known-shop";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { shopStatus } from "#worker/services/availability/status";

const shopStatusQuery = z.object({ location: catalogId.optional() });

/**
 * `GET /api/store[?location=<id>]`: whether the shop (the default one unless named) takes orders
 * now, its hours, what is sold out and today's pickup slots. It changes within the day, so it is never cached anywhere (the catalog is; see
 * docs/decisions/0007-fresh-availability-cached-catalog.md) and the pages poll it; the days ahead
 * are GET /api/pickup-days's, which only the checkout asks for.
 */
export const shopStatusRouter = new Hono<AppEnv>().get("/", validate("query", shopStatusQuery), async (c) => {
  const bookmarked = replicaDatabase(c);
  const shop = await requireKnownShop(bookmarked.db, requestedShopId(c), LOCATION_PARAM);
  const status = await shopStatus(bookmarked.db, shop.id, new Date());
  bookmarked.keepBookmark();
  c.header("Cache-Control", "no-store");
  return c.json(status satisfies ShopStatus);
});
