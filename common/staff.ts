/**
 * The shops' people and what they may do: `staff` use the board and the Menu page of their shops,
 * a `manager` also sees their shops' numbers, and the `owner` belongs to every shop.
 */
export const STAFF_ROLES = ["staff", "manager", "owner"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who sees the numbers (common/numbers.ts): a manager those of their shops, the owner every shop's; staff none. */
export const NUMBERS_ROLES = ["manager", "owner"] as const satisfies readonly StaffRole[];

export function mayViewNumbers(role: StaffRole): boolean {
  return (NUMBERS_ROLES as readonly StaffRole[]).includes(role);
}

/** A signed-in user's place in the shop, as `GET /api/me` reports it (null for a shopper). */
export interface StaffMembership {
  locationId: string;
  locationName: string;
  role: StaffRole;
}

/** `GET /api/staff/shops`: the shops the member may open, first shop first, and the one the staff pages show now. */
export interface StaffShopsResponse {
  shops: StaffMembership[];
  current: StaffMembership;
}
