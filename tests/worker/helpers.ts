import { exports } from "cloudflare:workers";
import { expect } from "vitest";

/** Calls the worker the way a browser on the same origin would. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://localhost:5173"), init));
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * The rate-limit bindings count in windows aligned to the wall clock (a new minute starts a new
 * count), so a burst that straddles a minute's end is counted in two windows and the limit seems
 * not to hold. A test of a limit calls this first: it waits out the current minute when less
 * than `burstMs` of it is left.
 */
export async function startOfRateLimitWindow(burstMs = 3_000, periodMs = 60_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * `value` is a UTC instant as the database stores them (`toISOString()`), taken between `since`
 * (a `Date.now()` from before the change) and now: the change stamped it, not something earlier.
 */
export function expectStampedSince(value: string | null | undefined, since: number): void {
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const at = Date.parse(value!);
  expect(at).toBeGreaterThanOrEqual(since);
  expect(at).toBeLessThanOrEqual(Date.now());
}
