import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { isBoolean, isRecord, isString } from "./guards";

import type { SessionUser } from "#common/session-user";
import { STAFF_ROLES, type StaffMembership } from "#common/staff";

export type { SessionUser };

export interface SessionState {
  user: SessionUser;
  /**
   * Whether this page load has heard from the server about the session (GET /api/me answered,
   * or could not be reached). Until then a guest here may be a shopper signed in on the server.
   */
  checked: boolean;
  /** The server has been asked: from now on the user above is what this page goes by. */
  markChecked(): void;
  /** Merges the given fields into the user. */
  setUser(user: Partial<SessionUser>): void;
  /** Back to a guest: empty values, isAuthenticated false. */
  clearUser(): void;
}

export const GUEST_USER: SessionUser = Object.freeze({
  uid: "",
  username: "",
  email: "",
  phone: "",
  isAuthenticated: false,
  staff: null,
});

export const SESSION_STORAGE_KEY = "squeeze:session";

/** A staff membership as outside input describes it; anything else (a shopper, an older build) is null. */
function readStaffMembership(value: unknown): StaffMembership | null {
  if (!isRecord(value)) return null;
  const { locationId, locationName, role } = value;
  if (!isString(locationId) || !isString(locationName) || !STAFF_ROLES.some((known) => known === role)) return null;
  return { locationId, locationName, role: role as StaffMembership["role"] };
}

/** A session user as outside input describes it, or null when it is not one (only the known fields are kept). */
export function readSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { uid, username, email, phone, isAuthenticated } = value;
  if (!isString(uid) || !isString(username) || !isString(email) || !isString(phone) || !isBoolean(isAuthenticated)) {
    return null;
  }
  return {
    uid,
    username,
    email,
    phone,
    isAuthenticated,
    staff: isAuthenticated ? readStaffMembership(value.staff) : null,
  };
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: { ...GUEST_USER },
      checked: false,
      markChecked: () => set({ checked: true }),
      setUser: (user) => set((state) => ({ user: { ...state.user, ...user } })),
      clearUser: () => set({ user: { ...GUEST_USER } }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
      // What localStorage holds is only a hint until GET /api/me answers; a malformed entry is dropped.
      merge: (persisted, current) => {
        const user = isRecord(persisted) ? readSessionUser(persisted.user) : null;
        return user ? { ...current, user } : current;
      },
    },
  ),
);

/** Convenience selector: whether the shopper is signed in. */
export const useIsSignedIn = () => useSessionStore((state) => state.user.isAuthenticated);
