import {
  ArcticFetchError,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";

/** A sign-in that must end in the failure completion; `reason` is for the log, never the page. */
export class SignInFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SignInFailure";
  }
}

/** One log line per failed sign-in, without stack traces or secrets. */
export function describeSignInError(error: unknown): string {
  if (error instanceof SignInFailure) return error.reason;
  if (error instanceof OAuth2RequestError) {
    return `provider refused the code: ${error.code}${error.description ? ` (${error.description})` : ""}`;
  }
  if (error instanceof UnexpectedResponseError) return `provider answered HTTP ${error.status}`;
  if (error instanceof UnexpectedErrorResponseBodyError)
    return `provider answered HTTP ${error.status} with an unexpected body`;
  if (error instanceof ArcticFetchError) return "provider unreachable";
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "unknown error";
}
