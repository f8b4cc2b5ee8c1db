import { Hono } from "hono";
import { partnershipPayloadSchema } from "#common/forms/partnership";
import { getDb } from "#worker/db/client";
import type { SubmissionReceipt } from "#common/submissions";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { rateLimit } from "#worker/lib/rate-limit";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { recordSubmission } from "#worker/services/submissions";

/** `POST /api/partnership`: stores the application, queues its e-mail to the shop, answers 201 `{ id }`. */
export const partnershipRouter = new Hono<AppEnv>().post(
  "/",
  rateLimit("FORMS_RATE_LIMITER", "forms"),
  ...jsonBody(partnershipPayloadSchema),
  async (c) => {
    const recorded = await recordSubmission(getDb(c.env.DB), c.env, {
      kind: "partnership",
      payload: c.req.valid("json"),
    });
    announceAfterCommit(c.env, c.executionCtx, { emailIds: recorded.emailIds, live: [] });
    return c.json({ id: recorded.id } satisfies SubmissionReceipt, 201);
  },
);
