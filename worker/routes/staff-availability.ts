import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  optionSoldOutChangeSchema,
  pauseOrderingSchema,
  soldOutChangeSchema,
  type StaffAvailability,
} from "#common/staff-availability";
import type { Database } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { primaryDatabase } from "#worker/lib/d1-bookmarks";
import { jsonBody } from "#worker/lib/json-body";
import {
  changeOptionSoldOut,
  changeSoldOut,
  loadStaffAvailability,
  pauseOrdering,
  resumeOrdering,
  type StaffActor,
} from "#worker/services/staff/availability";

/**
 * The availability at the staff member's location, after `change` (if any) made as them, read
 * from the D1 session that wrote it so the answer is never older than the change.
 */
async function availabilityAfter(
  c: Context<AppEnv>,
  change?: (db: Database, actor: StaffActor) => Promise<void>,
): Promise<StaffAvailability> {
  const bookmarked = primaryDatabase(c);
  const actor: StaffActor = { userId: c.get("userId")!, locationId: c.get("staff")!.locationId };
  if (change) await change(bookmarked.db, actor);
  const availability = await loadStaffAvailability(bookmarked.db, actor.locationId);
  bookmarked.keepBookmark();
  return availability;
}

/**
 * The board's controls over what shoppers can order at the staff member's own location:
 * pause online ordering, and mark drinks, sizes or add-on options sold out and back. Each change is written
 * with who and when, and answers with the state as it now is.
 */
export const staffAvailabilityRouter = new Hono<AppEnv>()
  .get("/", async (c) => {
    const availability = await availabilityAfter(c);
    c.header("Cache-Control", "no-store");
    return c.json(availability satisfies StaffAvailability);
  })
  .post("/pause", ...jsonBody(pauseOrderingSchema), async (c) => {
    const pause = c.req.valid("json");
    const availability = await availabilityAfter(c, (db, actor) => pauseOrdering(db, actor, pause));
    return c.json(availability satisfies StaffAvailability);
  })
  .post("/resume", ...jsonBody(z.object({})), async (c) => {
    const availability = await availabilityAfter(c, resumeOrdering);
    return c.json(availability satisfies StaffAvailability);
  })
  .post("/sold-out", ...jsonBody(soldOutChangeSchema), async (c) => {
    const soldOut = c.req.valid("json");
    const availability = await availabilityAfter(c, (db, actor) => changeSoldOut(db, actor, soldOut));
    return c.json(availability satisfies StaffAvailability);
  })
  .post("/option-sold-out", ...jsonBody(optionSoldOutChangeSchema), async (c) => {
    const change = c.req.valid("json");
    const availability = await availabilityAfter(c, (db, actor) => changeOptionSoldOut(db, actor, change));
    return c.json(availability satisfies StaffAvailability);
  });
