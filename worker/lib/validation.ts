import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { ApiError } from "./errors";

/**
 * zod validation at the edge: a bad input becomes a 400 naming the first field at fault,
 * e.g. `{ error: { code: "invalid_input", field: "categoryId", message: "categoryId: ..." } }`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.length ? issue.path.map(String).join(".") : target;
      const message = issue ? `${field}: ${issue.message}` : `Invalid ${target}`;
      throw new ApiError(400, "invalid_input", message, field);
    }
  });
}

/** A category's or drink's id, as the catalog's addresses carry it (the landing pages check it too). */
export const catalogId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _");
