import { describe, expect, it } from "vitest";
import { checkoutFormSchema } from "#common/forms/checkout";
import { contactFormSchema } from "#common/forms/contact";
import { partnershipFormSchema } from "#common/forms/partnership";
import { profileUpdateSchema } from "#common/forms/profile";

// common/forms/phone.ts, as each form that asks for a phone applies it. The same spellings the
// worker test sends to the API (tests/worker/phone-rule.test.ts).
const NOT_PHONES = [
  "abcdefghijkl",
  "phone: 7142154499",
  "714215449O",
  "７１４２１５４４９９",
  "7142154499 ext 12",
  "7142154499\nBcc: x@example.com",
  "714 215 449",
  "1234567890123456",
];
const PHONES = ["+1 714 215 4499", "(714) 215-4499", "714.215.4499", "+44 20 7946 0958"];

const contactForm = { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com", message: "Hi" };
const partnershipForm = { firstName: "Jordan", email: "jordan@example.com" };

/** Each form that has a phone, checked the way its page checks it (before anything is sent). */
const forms = {
  contact: (phone: string) => contactFormSchema.safeParse({ ...contactForm, phone }),
  "franchise current phone": (phone: string) =>
    partnershipFormSchema.safeParse({ ...partnershipForm, currentPhone: phone }),
  "franchise interest phone": (phone: string) =>
    partnershipFormSchema.safeParse({ ...partnershipForm, interestPhone: phone }),
  checkout: (phone: string) => checkoutFormSchema.safeParse({ phone }),
  profile: (phone: string) => profileUpdateSchema.safeParse({ phone }),
};

describe("the forms use the same phone rule as the API", () => {
  for (const [form, check] of Object.entries(forms)) {
    it(`${form}: refuses what is not a phone number and accepts real ones`, () => {
      for (const phone of NOT_PHONES) {
        const result = check(phone);
        expect(result.success, JSON.stringify(phone)).toBe(false);
        expect(result.error?.issues[0]?.message).toMatch(/^Phone number/);
      }
      for (const phone of PHONES) expect(check(phone).success, phone).toBe(true);
    });
  }
});
