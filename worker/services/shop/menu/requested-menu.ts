/** The shop a menu request is for, with its menu rules: `?location=<id>`, else the default shop. */
import type { Context } from "hono";
import { z } from "zod";
import { LOCATION_PARAM } from "#common/locations";
import type { Database } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { catalogId } from "#worker/lib/validation";
import { knownShop } from "#worker/services/shop/known-shop";
import { requestedShopId } from "#worker/services/shop/request-shop";
import { loadShopMenu, type ShopMenu } from "./rules";

/** `?location=<id>`: optional; its form checked at the edge (400 naming `location`). */
export const shopQuery = z.object({ [LOCATION_PARAM]: catalogId.optional() });

/** The named shop's menu rules, or 400 naming `location` when there is no such shop. */
export async function shopMenuOf(c: Context<AppEnv>, db: Database): Promise<ShopMenu> {
  return knownShop(await loadShopMenu(db, requestedShopId(c)), LOCATION_PARAM);
}
