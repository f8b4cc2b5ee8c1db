/** The shop's people: who may use the order board, and for which location. */
export const STAFF_ROLES = ["staff", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A signed-in user's place in the shop, as `GET /api/me` reports it (null for a shopper). */
export interface StaffMembership {
  locationId: string;
  locationName: string;
  role: StaffRole;
}
