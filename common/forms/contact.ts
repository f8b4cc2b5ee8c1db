/**
 * The contact form and the payload it sends. The form's fields (first and last name) differ
 * from the payload (one `username`), so this module holds both schemas with the same rules and
 * messages, and the one mapper between them: the page validates with `contactFormSchema`, the
 * API with `contactPayloadSchema`.
 */
import { z } from "zod";
import { PHONE_RULES, phoneSchema } from "./phone";

export const CONTACT_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  phoneMaxLength: PHONE_RULES.maxLength,
  messageMaxLength: 5000,
} as const;

/** Required, trimmed text with the spec's message when empty and a cap against abuse. */
const requiredText = (requiredMessage: string, maxLength: number, tooLongMessage: string) =>
  z.string(requiredMessage).trim().min(1, requiredMessage).max(maxLength, tooLongMessage);

export const contactEmailSchema = z
  .string("Email is required")
  .trim()
  .min(1, "Email is required")
  .max(CONTACT_LIMITS.emailMaxLength, "Email is too long")
  .email("Invalid email format");

/** The one phone rule (common/forms/phone.ts): at least 10 digits, only a phone number's characters. */
export const contactPhoneSchema = phoneSchema;

const messageSchema = requiredText(
  "Message is required",
  CONTACT_LIMITS.messageMaxLength,
  `Message can be at most ${CONTACT_LIMITS.messageMaxLength} characters`,
);

/** What the contact page's form holds. */
export const contactFormSchema = z.object({
  firstName: requiredText(
    "First name is required",
    CONTACT_LIMITS.nameMaxLength,
    `First name can be at most ${CONTACT_LIMITS.nameMaxLength} characters`,
  ),
  lastName: requiredText(
    "Last name is required",
    CONTACT_LIMITS.nameMaxLength,
    `Last name can be at most ${CONTACT_LIMITS.nameMaxLength} characters`,
  ),
  email: contactEmailSchema,
  phone: contactPhoneSchema,
  message: messageSchema,
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** `POST /api/contact` and the `contact` payload of `POST /send-email` (spec section 3). */
export const contactPayloadSchema = z
  .object({
    /** First and last name joined by a space. */
    username: requiredText("Name is required", CONTACT_LIMITS.nameMaxLength * 2 + 1, "Name is too long"),
    email: contactEmailSchema,
    phone: contactPhoneSchema,
    message: messageSchema,
  })
  .strict();
export type ContactPayload = z.output<typeof contactPayloadSchema>;

export const EMPTY_CONTACT_FORM: ContactForm = { firstName: "", lastName: "", email: "", phone: "", message: "" };

export function toContactPayload(form: z.output<typeof contactFormSchema>): ContactPayload {
  return {
    username: joinName(form.firstName, form.lastName),
    email: form.email,
    phone: form.phone,
    message: form.message,
  };
}

export function joinName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(" ");
}
