/**
 * Plain checks for the outside data the first page reads (localStorage, sessionStorage,
 * GET /api/me, the sign-in popup's message). They replace zod in the first download only:
 * the lazy form pages use full zod, which shares zod's core with zod/mini, so even zod/mini
 * here would bring that whole core (~15 kB gzipped) into every first visit. The forms and
 * the worker keep zod.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === "string";
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === "boolean";
}

/** A safe integer no smaller than `min` (what zod's `z.int().check(z.gte(min))` accepts). */
export function isIntegerAtLeast(value: unknown, min: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min;
}
