import type { ApiErrorBody } from "#common/api-error";

/** A failed API call, carrying what the worker said: status, code, message and field. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    "error" in value &&
    typeof (value as ApiErrorBody).error?.message === "string"
  );
}

/**
 * Every call to the worker goes through here: same-origin cookies, JSON both ways (the
 * worker refuses state-changing calls that are not JSON), and errors thrown, never swallowed.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Accept", "application/json");
  if (json !== undefined) requestHeaders.set("Content-Type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: requestHeaders,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (cause) {
    throw new ApiRequestError(
      0,
      "network_error",
      "Network error: check your connection and try again.",
      undefined,
      cause,
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiRequestError(
        response.status,
        "parsing_error",
        `Unexpected response from the server (${response.status}).`,
      );
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiRequestError(response.status, body.error.code, body.error.message, body.error.field, body);
    }
    throw new ApiRequestError(response.status, "http_error", `Request failed (${response.status}).`, undefined, body);
  }
  return body as T;
}
