import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "#common/api-error";

/** An error a caller can act on: it becomes `{ error: { code, message, field? } }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Seconds until trying again can succeed (a 429's or 503's `Retry-After`). */
  retryAfterSeconds?: number;

  /** More the caller can act on, beside `code` and `message` in the error object (a not-sold drink's `soldAt`). */
  details?: Record<string, unknown>;

  withDetails(details: Record<string, unknown>): this {
    this.details = details;
    return this;
  }

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const badRequest = (message: string, field?: string) => new ApiError(400, "invalid_input", message, field);

export function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

const CODE_BY_STATUS: Record<number, string> = {
  400: "invalid_input",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** The one place errors become responses. Unexpected ones are logged and never leak details. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
    const body = errorBody(err.code, err.message, err.field);
    return c.json(err.details ? { error: { ...err.details, ...body.error } } : body, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(errorBody(CODE_BY_STATUS[status] ?? "http_error", err.message || "Request failed"), status);
  }
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return c.json(errorBody("internal_error", "Something went wrong. Please try again."), 500);
}
