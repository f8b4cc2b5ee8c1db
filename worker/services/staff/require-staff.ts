import type { MiddlewareHandler } from "hono";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { findStaffMembership } from "#worker/services/staff/membership";
import { ApiError } from "#worker/lib/errors";

/**
 * Everything under /api/staff: 401 for a guest, 403 for a signed-in shopper; staff get their
 * membership in `c.var.staff`, and every query of theirs is scoped to its location: the shop
 * `?location=` names (403 when they do not belong to it), else their first shop.
 */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const userId = c.get("userId");
  if (!userId) throw new ApiError(401, "unauthorized", "Sign in to continue");
  const asked = c.req.query("location");
  const staff = await findStaffMembership(
    getDb(c.env.DB),
    userId,
    asked === undefined ? undefined : asked.slice(0, 100),
  );
  if (!staff) throw new ApiError(403, "forbidden", "Only the shop's staff can use the order board");
  c.set("staff", staff);
  await next();
};
