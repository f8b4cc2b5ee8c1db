/**
 * The edge of every JSON endpoint that takes a body: size first (413), then media type (415),
 * then syntax (400 invalid_json), then the zod schema (400 naming the field). Each refusal
 * says what was wrong, so a caller can fix its request without reading the source.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { validator } from "hono/validator";
import type { z, ZodType } from "zod";
import type { AppEnv } from "#worker/env";
import { ApiError } from "./errors";

export const DEFAULT_JSON_BODY_LIMIT_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** 413 for a body over the limit, checked on Content-Length and while streaming. */
export function limitBody(maxBytes = DEFAULT_JSON_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        413,
        "payload_too_large",
        `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`,
      );
    },
  });
}

/** 415 unless the body is declared JSON; 400 invalid_json when it does not parse. */
export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Send the request body as JSON with "Content-Type: application/json"${mediaType ? ` (got ${mediaType})` : ""}.`,
    );
  }
  try {
    // Hono caches the parsed body, so the validator after this reads it without parsing again.
    await c.req.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
  }
  await next();
};

/** Validates the parsed JSON body; `c.req.valid("json")` is then the schema's output. */
function jsonPayload<Schema extends ZodType>(schema: Schema) {
  return validator("json", (value): z.output<Schema> => parseOrThrow(schema, value));
}

/**
 * The one reader of a JSON request body, for every endpoint that takes one:
 * `router.post("/", ...jsonBody(schema), handler)`. Size (413), media type (415), syntax (400
 * `invalid_json`) and the schema (400 naming the field), in that order, the same everywhere.
 */
export function jsonBody<Schema extends ZodType>(schema: Schema, maxBytes = DEFAULT_JSON_BODY_LIMIT_BYTES) {
  return [limitBody(maxBytes), requireJsonBody, jsonPayload(schema)] as const;
}

/**
 * A zod parse that throws the API's 400: the first issue, naming its field. An unknown field
 * (from a `.strict()` schema) is named as such, e.g. `field: "payload.nickname"`.
 */
export function parseOrThrow<Schema extends ZodType>(
  schema: Schema,
  value: unknown,
  pathPrefix: string[] = [],
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [...pathPrefix, ...(issue?.path ?? []).map(String)];
  if (issue?.code === "unrecognized_keys") {
    const fields = issue.keys.map((key) => [...path, key].join("."));
    const plural = fields.length > 1;
    throw new ApiError(400, "unknown_field", `Unknown field${plural ? "s" : ""}: ${fields.join(", ")}`, fields[0]);
  }
  const field = path.length ? path.join(".") : "body";
  if (path.length === 0 && issue?.code === "invalid_type") {
    throw new ApiError(400, "invalid_input", "The request body must be a JSON object.", field);
  }
  throw new ApiError(400, "invalid_input", `${field}: ${issue?.message ?? "Invalid value"}`, field);
}
