import { Hono } from "hono";
import { contactPayloadSchema } from "../../common/forms/contact";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { jsonPayload, limitBody, requireJsonBody } from "../lib/json-body";
import { rateLimit } from "../lib/rate-limit";
import { deliverSoon } from "../services/outbox";
import { recordSubmission } from "../services/submissions";

/** `POST /api/contact`: stores the message, queues its e-mail to the shop, answers 201 `{ id }`. */
export const contactRouter = new Hono<AppEnv>().post(
  "/",
  rateLimit("FORMS_RATE_LIMITER", "forms"),
  limitBody(),
  requireJsonBody,
  jsonPayload(contactPayloadSchema),
  async (c) => {
    const recorded = await recordSubmission(getDb(c.env.DB), c.env, { kind: "contact", payload: c.req.valid("json") });
    deliverSoon(c.executionCtx, c.env, recorded.emailIds);
    return c.json({ id: recorded.id }, 201);
  },
);
