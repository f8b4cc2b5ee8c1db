import { Hono } from "hono";
import type { StaffShopsResponse } from "#common/staff";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { listMemberships } from "#worker/services/staff/membership";

/**
 * The shops a member may switch between on the staff pages (a barista's one, a manager's listed
 * ones, every shop for the owner), and the one shown now: `?location=` if named (and remembered),
 * else the last chosen on this device, else their first.
 */
export const staffShopsRouter = new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  const shops = await listMemberships(getDb(c.env.DB), c.get("userId")!);
  return c.json({ shops, current: c.get("staff")! } satisfies StaffShopsResponse);
});
