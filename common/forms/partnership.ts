/**
 * The franchise application form and the payload it sends. The form keeps first and last name
 * and each address as city + country code; the payload (spec section 3) joins the names and
 * writes each address as "city, country" with the country's English name, which is what the
 * shop reads in the e-mail. Both schemas share the rules and messages below; the page validates
 * with `partnershipFormSchema`, the API with `partnershipPayloadSchema`.
 */
import { z } from "zod";
import { contactEmailSchema, joinName } from "./contact";
import { optionalPhoneSchema, PHONE_RULES } from "./phone";

export const PARTNERSHIP_LIMITS = {
  nameMaxLength: 100,
  phoneMaxLength: PHONE_RULES.maxLength,
  cityMaxLength: 100,
  /** "city, country" with the longest English country names. */
  addressMaxLength: 200,
  optionMaxLength: 100,
  bioMaxLength: 3000,
} as const;

export const BUSINESS_EXPERIENCE_ANSWERS = ["Yes", "No"] as const;
export type BusinessExperience = (typeof BUSINESS_EXPERIENCE_ANSWERS)[number];

/** Optional text: absent or blank is "", anything longer than the cap is refused with a message. */
const optionalText = (label: string, maxLength: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(maxLength, `${label} can be at most ${maxLength} characters`)
    .default("");

/** A country select's value: an ISO 3166-1 alpha-2 code, or "" when none is chosen. */
const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^([A-Z]{2})?$/, "Choose a country from the list")
  .default("");

const businessExperienceSchema = z.enum(BUSINESS_EXPERIENCE_ANSWERS, "Business experience must be Yes or No");

/** What the partnership page's form holds. */
export const partnershipFormSchema = z.object({
  firstName: z
    .string("First name is required")
    .trim()
    .min(1, "First name is required")
    .max(PARTNERSHIP_LIMITS.nameMaxLength, `First name can be at most ${PARTNERSHIP_LIMITS.nameMaxLength} characters`),
  lastName: optionalText("Last name", PARTNERSHIP_LIMITS.nameMaxLength),
  email: contactEmailSchema,
  currentPhone: optionalPhoneSchema,
  interestPhone: optionalPhoneSchema,
  currentCity: optionalText("City", PARTNERSHIP_LIMITS.cityMaxLength),
  currentCountry: countryCodeSchema,
  interestCity: optionalText("City", PARTNERSHIP_LIMITS.cityMaxLength),
  interestCountry: countryCodeSchema,
  netWorth: optionalText("Net worth", PARTNERSHIP_LIMITS.optionMaxLength),
  liquidCapital: optionalText("Liquid capital", PARTNERSHIP_LIMITS.optionMaxLength),
  hasBusinessExperience: businessExperienceSchema.default("Yes"),
  bio: optionalText("Bio", PARTNERSHIP_LIMITS.bioMaxLength),
});
export type PartnershipForm = z.input<typeof partnershipFormSchema>;
export type ValidPartnershipForm = z.output<typeof partnershipFormSchema>;

/** `POST /api/partnership` and the `partnership` payload of `POST /send-email` (spec section 3). */
export const partnershipPayloadSchema = z
  .object({
    /** First and last legal name joined by a space. */
    name: z
      .string("First name is required")
      .trim()
      .min(1, "First name is required")
      .max(PARTNERSHIP_LIMITS.nameMaxLength * 2 + 1, "Name is too long"),
    email: contactEmailSchema,
    currentPhone: optionalPhoneSchema,
    interestPhone: optionalPhoneSchema,
    /** "city, country". */
    currentAddress: optionalText("currentAddress", PARTNERSHIP_LIMITS.addressMaxLength),
    /** "city, country". */
    locationOfInterest: optionalText("locationOfInterest", PARTNERSHIP_LIMITS.addressMaxLength),
    netWorth: optionalText("netWorth", PARTNERSHIP_LIMITS.optionMaxLength),
    liquidCapital: optionalText("liquidCapital", PARTNERSHIP_LIMITS.optionMaxLength),
    hasBusinessExperience: businessExperienceSchema.default("Yes"),
    bio: optionalText("bio", PARTNERSHIP_LIMITS.bioMaxLength),
  })
  .strict();
export type PartnershipPayload = z.output<typeof partnershipPayloadSchema>;

export const EMPTY_PARTNERSHIP_FORM: ValidPartnershipForm = {
  firstName: "",
  lastName: "",
  email: "",
  currentPhone: "",
  interestPhone: "",
  currentCity: "",
  currentCountry: "",
  interestCity: "",
  interestCountry: "",
  netWorth: "",
  liquidCapital: "",
  hasBusinessExperience: "Yes",
  bio: "",
};

/** "Anaheim, United States of America"; just the city or just the country when one is missing. */
export function joinAddress(city: string, countryName: string): string {
  return [city.trim(), countryName.trim()].filter(Boolean).join(", ");
}

/**
 * The spec's payload. `countryName` turns the select's code into the English name the shop
 * reads (the page passes the i18n-iso-countries lookup).
 */
export function toPartnershipPayload(
  form: ValidPartnershipForm,
  countryName: (code: string) => string,
): PartnershipPayload {
  const nameOf = (code: string) => (code ? countryName(code) || code : "");
  return {
    name: joinName(form.firstName, form.lastName),
    email: form.email,
    currentPhone: form.currentPhone,
    interestPhone: form.interestPhone,
    currentAddress: joinAddress(form.currentCity, nameOf(form.currentCountry)),
    locationOfInterest: joinAddress(form.interestCity, nameOf(form.interestCountry)),
    netWorth: form.netWorth,
    liquidCapital: form.liquidCapital,
    hasBusinessExperience: form.hasBusinessExperience,
    bio: form.bio,
  };
}
