import { Hono } from "hono";
import { profileUpdateSchema } from "#common/forms/profile";
import { getDb } from "#worker/db/client";
import type { SessionUser } from "#common/session-user";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { requireUser } from "#worker/services/auth/sign-in-session";
import { jsonBody } from "#worker/lib/json-body";
import { findUser, GUEST, toSessionUser, updateUserPhone } from "#worker/services/auth/users";
import { findStaffMembership } from "#worker/services/staff/membership";

/** The session user. A guest is an answer, not an error. */
export const meRouter = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const userId = c.get("userId");
    const db = getDb(c.env.DB);
    const user = userId ? await findUser(db, userId) : undefined;
    return c.json((user ? toSessionUser(user, await findStaffMembership(db, user.id)) : GUEST) satisfies SessionUser);
  })
  .patch("/", requireUser, ...jsonBody(profileUpdateSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const { phone } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const updated = await updateUserPhone(db, c.get("userId")!, phone);
    if (!updated) throw new ApiError(401, "unauthorized", "Sign in to continue");
    return c.json(toSessionUser(updated, await findStaffMembership(db, updated.id)) satisfies SessionUser);
  });
