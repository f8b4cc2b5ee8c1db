import { Hono } from "hono";
import { profileUpdateSchema } from "../../common/forms/profile";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/session";
import { validate } from "../lib/validation";
import { findUser, GUEST, toSessionUser, updateUserPhone } from "../services/auth/users";

/** The session user. A guest is an answer, not an error. */
export const meRouter = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const userId = c.get("userId");
    const user = userId ? await findUser(getDb(c.env.DB), userId) : undefined;
    return c.json(user ? toSessionUser(user) : GUEST);
  })
  .patch("/", requireUser, validate("json", profileUpdateSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const { phone } = c.req.valid("json");
    const updated = await updateUserPhone(getDb(c.env.DB), c.get("userId")!, phone);
    if (!updated) throw new ApiError(401, "unauthorized", "Sign in to continue");
    return c.json(toSessionUser(updated));
  });
