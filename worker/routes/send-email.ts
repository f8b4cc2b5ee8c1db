import { Hono } from "hono";
import { z } from "zod";
import { contactPayloadSchema } from "#common/forms/contact";
import { partnershipPayloadSchema } from "#common/forms/partnership";
import { getDb } from "#worker/db/client";
import type { SubmissionReceipt } from "#common/submissions";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { jsonBody, parseOrThrow } from "#worker/lib/json-body";
import { rateLimit } from "#worker/lib/rate-limit";
import { announceAfterCommit } from "#worker/services/after-commit/announce";
import { recordSubmission, type Submission } from "#worker/services/submissions";

/** The older app's `{ type, payload }` envelope; the payload is checked once `type` is known. */
const envelopeSchema = z
  .object({
    type: z.string('type is required: "contact" or "partnership"'),
    // Optional here so a missing payload gets the route's own "payload: is required", not zod's wording.
    payload: z.unknown().optional(),
  })
  .strict();

function toSubmission(type: string, payload: unknown): Submission {
  switch (type) {
    case "contact":
      return { kind: "contact", payload: parseOrThrow(contactPayloadSchema, payload, ["payload"]) };
    case "partnership":
      return { kind: "partnership", payload: parseOrThrow(partnershipPayloadSchema, payload, ["payload"]) };
    case "order":
      // An order is priced by the server from its own menu, never from what a client says it costs.
      throw new ApiError(
        400,
        "use_orders_api",
        "Orders are not sent through /send-email: place them with POST /api/orders, which prices them from the menu.",
        "type",
      );
    default:
      throw new ApiError(400, "invalid_input", 'type: must be "contact" or "partnership"', "type");
  }
}

/**
 * `POST /send-email` and `POST /api/send-email` with `{ type: "contact" | "partnership", payload }`:
 * the same as POST /api/contact and /api/partnership, for callers of the older contract.
 */
export const sendEmailRouter = new Hono<AppEnv>().post(
  "/",
  rateLimit("FORMS_RATE_LIMITER", "forms"),
  ...jsonBody(envelopeSchema),
  async (c) => {
    const { type, payload } = c.req.valid("json");
    if (payload === undefined) throw new ApiError(400, "invalid_input", "payload: is required", "payload");
    const recorded = await recordSubmission(getDb(c.env.DB), c.env, toSubmission(type, payload));
    announceAfterCommit(c.env, c.executionCtx, { emailIds: recorded.emailIds, live: [] });
    return c.json({ id: recorded.id } satisfies SubmissionReceipt, 201);
  },
);
