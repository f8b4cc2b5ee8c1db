import { Hono } from "hono";
import { pauseOrderingSchema, soldOutChangeSchema } from "#common/forms/availability";
import type { AppEnv } from "#worker/env";
import { primarySession } from "#worker/lib/d1-session";
import { jsonBody } from "#worker/lib/json-body";
import { z } from "zod";
import { requireStaff } from "#worker/lib/staff";
import {
  changeSoldOut,
  loadStaffAvailability,
  pauseOrdering,
  resumeOrdering,
  type StaffActor,
} from "#worker/services/store/staff-availability";

/**
 * The board's controls over what shoppers can order at the staff member's own location:
 * pause online ordering, and mark drinks or sizes sold out and back. Each change is written
 * with who and when, and answers with the state as it now is.
 */
export const staffAvailabilityRouter = new Hono<AppEnv>();

staffAvailabilityRouter.use("*", requireStaff);

function actorOf(c: {
  get(key: "staff"): AppEnv["Variables"]["staff"];
  get(key: "userId"): string | undefined;
}): StaffActor {
  return { userId: c.get("userId")!, locationId: c.get("staff")!.locationId };
}

staffAvailabilityRouter.get("/", async (c) => {
  const session = primarySession(c);
  const availability = await loadStaffAvailability(session.db, c.get("staff")!.locationId);
  session.keepBookmark();
  c.header("Cache-Control", "no-store");
  return c.json(availability);
});

staffAvailabilityRouter.post("/pause", ...jsonBody(pauseOrderingSchema), async (c) => {
  const session = primarySession(c);
  const actor = actorOf(c);
  await pauseOrdering(session.db, actor, c.req.valid("json"));
  const availability = await loadStaffAvailability(session.db, actor.locationId);
  session.keepBookmark();
  return c.json(availability);
});

staffAvailabilityRouter.post("/resume", ...jsonBody(z.object({})), async (c) => {
  const session = primarySession(c);
  const actor = actorOf(c);
  await resumeOrdering(session.db, actor);
  const availability = await loadStaffAvailability(session.db, actor.locationId);
  session.keepBookmark();
  return c.json(availability);
});

staffAvailabilityRouter.post("/sold-out", ...jsonBody(soldOutChangeSchema), async (c) => {
  const session = primarySession(c);
  const actor = actorOf(c);
  await changeSoldOut(session.db, actor, c.req.valid("json"));
  const availability = await loadStaffAvailability(session.db, actor.locationId);
  session.keepBookmark();
  return c.json(availability);
});
