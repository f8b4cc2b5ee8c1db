import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

/**
 * Reads the session cookie and sets `c.var.userId` for a valid session.
 * Placeholder until the accounts issue: no request is signed in.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (_c, next) => {
  await next();
};

/** Refuses a guest with 401 before the handler runs. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("userId")) throw new ApiError(401, "unauthorized", "Sign in to continue");
  await next();
};
