/**
 * The one guard of /api/staff/*, mounted once in worker/app.ts: 401 for a guest, 403 for anyone
 * without the role a part of the staff pages needs. Most parts work on one shop (`c.var.staff`,
 * require-staff.ts); the numbers see several at once (`c.var.numbersShops`), each where the
 * caller's role grants them.
 */
import type { MiddlewareHandler } from "hono";
import { NUMBERS_ROLES, STAFF_ROLES, type StaffRole } from "#common/staff";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { numbersViewer } from "./numbers-shops";
import { requireStaffRole } from "./require-staff";

/** What a part of /api/staff asks of its caller: the roles that open it, at one shop or over several. */
export interface StaffAccess {
  roles: readonly StaffRole[];
  shops: "one" | "several";
  /** The 403's words for a signed-in caller with none of `roles` anywhere. */
  refusal: string;
}

/** The board, the Menu tab, printing and the shop switcher: any member, at the shop they work at. */
export const SHOP_STAFF: StaffAccess = {
  roles: STAFF_ROLES,
  shops: "one",
  refusal: "Only the shop's staff can use the order board",
};

/** The owner's numbers: a manager's shops, or every shop for the owner; `?location=` narrows them in the route. */
export const NUMBERS_VIEWERS: StaffAccess = {
  roles: NUMBERS_ROLES,
  shops: "several",
  refusal: "Only the shops' managers and owner see the numbers",
};

/**
 * The guard for every path under `base`: the access of the longest `parts` prefix the path starts
 * with (a whole segment: `/numbers` covers `/numbers/orders.csv`, not `/numbersx`), else `others`.
 */
export function staffGuard(
  base: string,
  parts: Readonly<Record<string, StaffAccess>>,
  others: StaffAccess,
): MiddlewareHandler<AppEnv> {
  const guards = Object.entries(parts)
    .sort(([a], [b]) => b.length - a.length)
    .map(([prefix, access]) => ({ prefix, guard: guardFor(access) }));
  const otherwise = guardFor(others);
  return (c, next) => {
    const rest = c.req.path.slice(base.length);
    const part = guards.find(({ prefix }) => rest === prefix || rest.startsWith(`${prefix}/`));
    return (part?.guard ?? otherwise)(c, next);
  };
}

function guardFor(access: StaffAccess): MiddlewareHandler<AppEnv> {
  return access.shops === "one" ? requireStaffRole(access.roles, access.refusal) : requireSeveralShops(access);
}

/**
 * A member with one of `roles` somewhere: the shops where they have it, in `c.var.numbersShops`,
 * and whether they are the owner, in `c.var.numbersOwner`.
 */
function requireSeveralShops({ roles, refusal }: StaffAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.get("userId");
    if (!userId) throw new ApiError(401, "unauthorized", "Sign in to continue");
    const { shops, owner } = await numbersViewer(getDb(c.env.DB), userId, (role) => roles.includes(role));
    if (shops.length === 0) throw new ApiError(403, "forbidden", refusal);
    c.set("numbersShops", shops);
    c.set("numbersOwner", owner);
    await next();
  };
}
