// zod/mini: the stores load with the first page, so they use the small build of zod.
import * as z from "zod/mini";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Who is using the shop, as GET /api/me reports it. */
export interface SessionUser {
  uid: string;
  username: string;
  email: string;
  phone: string;
  isAuthenticated: boolean;
}

export interface SessionState {
  user: SessionUser;
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
});

export const SESSION_STORAGE_KEY = "squeeze:session";

export const sessionUserSchema = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  isAuthenticated: z.boolean(),
});
const storedSessionSchema = z.object({ user: sessionUserSchema });

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: { ...GUEST_USER },
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
        const parsed = storedSessionSchema.safeParse(persisted);
        return parsed.success ? { ...current, user: parsed.data.user } : current;
      },
    },
  ),
);

/** Convenience selector: whether the shopper is signed in. */
export const useIsSignedIn = () => useSessionStore((state) => state.user.isAuthenticated);
