import type { StaffMembership } from "./staff";

/** The signed-in person as `GET /api/me` returns it; a guest has empty values and `isAuthenticated: false`. */
export interface SessionUser {
  uid: string;
  username: string;
  email: string;
  phone: string;
  isAuthenticated: boolean;
  /** The shop's staff see their location and role here; a shopper or a guest has null. */
  staff: StaffMembership | null;
  /**
   * The shop the account chose (PUT /api/shop-choice), null when none (and for a guest, whose
   * choice is the shop cookie's). Always sent by the server.
   */
  shopId?: string | null;
}
