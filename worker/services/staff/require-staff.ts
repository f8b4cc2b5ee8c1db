import type { MiddlewareHandler } from "hono";
import { LOCATION_PARAM } from "#common/locations";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { listMemberships } from "#worker/services/staff/membership";
import { ApiError } from "#worker/lib/errors";
import { chosenStaffShop, rememberStaffShop } from "./chosen-shop";

/**
 * Everything under /api/staff and the live board: 401 for a guest, 403 for a signed-in shopper;
 * staff get their membership in `c.var.staff`, and every query of theirs is scoped to its shop:
 * the shop `?location=` names (403 when they do not belong to it, whatever its spelling: ids are
 * compared exactly), else the shop they last chose on this device while they still belong to it,
 * else their first shop. The membership is read on every request, so a removed role is refused
 * at the next one.
 */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const userId = c.get("userId");
  if (!userId) throw new ApiError(401, "unauthorized", "Sign in to continue");
  const memberships = await listMemberships(getDb(c.env.DB), userId);
  if (memberships.length === 0) throw new ApiError(403, "forbidden", "Only the shop's staff can use the order board");
  const asked = c.req.query(LOCATION_PARAM);
  if (asked !== undefined) {
    const staff = memberships.find((membership) => membership.locationId === asked);
    if (!staff) throw new ApiError(403, "forbidden", "You are not on this shop's staff", LOCATION_PARAM);
    c.set("staff", staff);
    rememberStaffShop(c, staff.locationId);
    return next();
  }
  const remembered = chosenStaffShop(c);
  c.set("staff", memberships.find((membership) => membership.locationId === remembered) ?? memberships[0]!);
  await next();
};
