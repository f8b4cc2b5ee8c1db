import type { MiddlewareHandler } from "hono";
import { LOCATION_PARAM } from "#common/locations";
import { STAFF_ROLES, type StaffRole } from "#common/staff";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { listMemberships } from "#worker/services/staff/membership";
import { ApiError } from "#worker/lib/errors";
import { chosenStaffShop, rememberStaffShop } from "./chosen-shop";

/**
 * A member of one shop's staff with one of `roles` there: 401 for a guest, 403 (`refusal`) for
 * anyone with none of them anywhere; staff get their membership in `c.var.staff`, and every query
 * of theirs is scoped to its shop: the shop `?location=` names (403 when they do not belong to it,
 * whatever its spelling: ids are compared exactly), else the shop they last chose on this device
 * while they still belong to it, else their first shop. The membership is read on every request,
 * so a removed role is refused at the next one.
 */
export function requireStaffRole(roles: readonly StaffRole[], refusal: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.get("userId");
    if (!userId) throw new ApiError(401, "unauthorized", "Sign in to continue");
    const memberships = (await listMemberships(getDb(c.env.DB), userId)).filter((membership) =>
      roles.includes(membership.role),
    );
    if (memberships.length === 0) throw new ApiError(403, "forbidden", refusal);
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
}

/** Any member of a shop's staff (the live board's socket; /api/staff/* is guarded in worker/app.ts). */
export const requireStaff = requireStaffRole(STAFF_ROLES, "Only the shop's staff can use the order board");
