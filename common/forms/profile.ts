import { z } from "zod";

/**
 * A phone number a person would type: 7–20 characters of digits, spaces, "+", "-", "(" and ")",
 * with at least 10 digits. Shared by the profile API and the checkout form.
 */
export const phoneSchema = z
  .string()
  .trim()
  .min(1, "Phone number is required")
  .regex(/^[0-9+\-() ]{7,20}$/, "Phone number may contain only digits, spaces, +, -, ( and ) (7–20 characters)")
  .refine((phone) => phone.replace(/\D/g, "").length >= 10, "Phone number must be at least 10 digits");

export const profileUpdateSchema = z.object({ phone: phoneSchema }).strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
