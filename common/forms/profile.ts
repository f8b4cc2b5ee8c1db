import { z } from "zod";
import { phoneSchema } from "./phone";

// The profile and the checkout share the one phone rule (common/forms/phone.ts).
export { phoneSchema };

export const profileUpdateSchema = z.object({ phone: phoneSchema }).strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
