/**
 * The shopper's choice of shop (PUT /api/shop-choice) and the point the shops are sorted by
 * (GET /api/locations?zip= or ?near=): one rule each, for the picker and the worker.
 */
import { z } from "zod";
import { ZIP_CODE_PATTERN } from "#common/fulfilment";

/** A shop's id as the API carries it: lower-case letters, digits and hyphens ("loc-fullerton"). */
export const locationIdSchema = z
  .string({ error: "Choose a shop" })
  .trim()
  .min(1, "Choose a shop")
  .max(64, "No shop has this id")
  .regex(/^[a-z0-9][a-z0-9-]*$/, "No shop has this id");

export const shopChoiceSchema = z.object({ locationId: locationIdSchema }).strict();
export type ShopChoice = z.infer<typeof shopChoiceSchema>;

/** A five-digit US ZIP code, as typed (spaces around it are forgiven). */
export const zipSearchSchema = z.string().trim().regex(ZIP_CODE_PATTERN, "Enter a five-digit ZIP code");

const NEAR_PATTERN = /^(-?\d{1,2}(?:\.\d{1,8})?),(-?\d{1,3}(?:\.\d{1,8})?)$/;

/** "<latitude>,<longitude>" in degrees, as a browser's position gives them ("33.87,-117.92"). */
export const nearSearchSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .transform((value, context) => {
    const match = NEAR_PATTERN.exec(value);
    const latitude = Number(match?.[1]);
    const longitude = Number(match?.[2]);
    if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      context.addIssue({ code: "custom", message: "Give a latitude and longitude in degrees, e.g. 33.87,-117.92" });
      return z.NEVER;
    }
    return { latitude, longitude };
  });

/** `GET /api/locations`' query: a ZIP code or a point to sort by, or neither; never both. */
export const locationsQuerySchema = z
  .object({ zip: zipSearchSchema.optional(), near: nearSearchSchema.optional() })
  .refine((query) => query.zip === undefined || query.near === undefined, {
    message: "Sort by a ZIP code or by a position, not both",
    path: ["near"],
  });
