import { Hono } from "hono";
import { z } from "zod";
import type { PickupDaysResponse } from "#common/availability";
import type { AppEnv } from "#worker/env";
import { replicaDatabase } from "#worker/lib/d1-bookmarks";
import { catalogId, validate } from "#worker/lib/validation";
import { LOCATION_PARAM } from "#common/locations";
import { requireKnownShop } from "#worker/services/shop/known-shop";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { pickupDaysAhead } from "#worker/services/availability/pickup-days";

const pickupDaysQuery = z.object({ location: catalogId.optional() });

/**
 * `GET /api/pickup-days[?location=<id>]`: the shop's (the default one unless named) pickup slots
 * of today and the next six open days, for the checkout.
 * Its own resource so the shop's state every page polls stays small (docs/decisions/0017); like
 * GET /api/store it changes with every order, so it is never cached, and it reads a replica no
 * older than what this browser saw (its own order's slot taken, say).
 */
export const pickupDaysRouter = new Hono<AppEnv>().get("/", validate("query", pickupDaysQuery), async (c) => {
  const bookmarked = replicaDatabase(c);
  const shop = await requireKnownShop(bookmarked.db, requestedShopId(c), LOCATION_PARAM);
  const body = await pickupDaysAhead(bookmarked.db, shop.id, new Date());
  bookmarked.keepBookmark();
  c.header("Cache-Control", "no-store");
  return c.json(body satisfies PickupDaysResponse);
});
