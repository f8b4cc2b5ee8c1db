import { Hono } from "hono";
import { contactPayloadSchema } from "#common/forms/contact";
import { getDb } from "#worker/db/client";
import type { SubmissionReceipt } from "#common/submissions";
import type { AppEnv } from "#worker/env";
import { jsonBody } from "#worker/lib/json-body";
import { rateLimit } from "#worker/lib/rate-limit";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { recordSubmission } from "#worker/services/submissions";

/** `POST /api/contact`: stores the message, queues its e-mail to the shop, answers 201 `{ id }`. */
export const contactRouter = new Hono<AppEnv>().post(
  "/",
  rateLimit("FORMS_RATE_LIMITER", "forms"),
  ...jsonBody(contactPayloadSchema),
  async (c) => {
    const recorded = await recordSubmission(getDb(c.env.DB), c.env, { kind: "contact", payload: c.req.valid("json") });
    announceAfterCommit(c.env, c.executionCtx, { emailIds: recorded.emailIds, live: [] });
    return c.json({ id: recorded.id } satisfies SubmissionReceipt, 201);
  },
);
