/**
 * The one rule for a phone number, used by every form and API that takes one: the contact form,
 * the franchise application's two phones, the checkout and the profile.
 *
 * A phone number is what a person types into a phone: digits, with spaces, "-", "." and "( )"
 * between them and an optional "+" in front. It has at least 10 digits (the spec's "at least 10
 * digits", counted as digits, not characters) and at most 15 (the longest international number,
 * E.164). Letters, other scripts' digits and anything else are refused.
 */
import { z } from "zod";

export const PHONE_RULES = { minDigits: 10, maxDigits: 15, maxLength: 30 } as const;

const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

export const PHONE_MESSAGES = {
  required: "Phone number is required",
  characters: "Phone number may contain only digits, spaces, +, -, . and ( )",
  tooFewDigits: "Phone number must be at least 10 digits",
  tooManyDigits: `Phone number can have at most ${PHONE_RULES.maxDigits} digits`,
  tooLong: `Phone number can be at most ${PHONE_RULES.maxLength} characters`,
} as const;

/** The first thing wrong with a (trimmed, non-empty) phone number, or null when it is one. */
export function phoneProblem(phone: string): string | null {
  if (phone.length > PHONE_RULES.maxLength) return PHONE_MESSAGES.tooLong;
  if (!PHONE_CHARACTERS.test(phone)) return PHONE_MESSAGES.characters;
  const digits = phone.replace(/[^0-9]/g, "").length;
  if (digits < PHONE_RULES.minDigits) return PHONE_MESSAGES.tooFewDigits;
  if (digits > PHONE_RULES.maxDigits) return PHONE_MESSAGES.tooManyDigits;
  return null;
}

function checkPhone(phone: string, context: z.RefinementCtx): void {
  const problem = phoneProblem(phone);
  if (problem) context.addIssue({ code: "custom", message: problem });
}

/** A required phone number. */
export const phoneSchema = z
  .string(PHONE_MESSAGES.required)
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .superRefine((phone, context) => checkPhone(phone, context));

/** A phone number that may be left blank (""); when given, the same rule. */
export const optionalPhoneSchema = z
  .string(PHONE_MESSAGES.characters)
  .trim()
  .superRefine((phone, context) => {
    if (phone !== "") checkPhone(phone, context);
  })
  .default("");
