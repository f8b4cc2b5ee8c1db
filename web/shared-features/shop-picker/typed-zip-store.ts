import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { isRecord, isString } from "#web/lib/guards";

/**
 * The ZIP code the shopper typed to sort the shops, and the last one the list was sorted by: the
 * picker and /locations share them, so a ZIP typed on one is still there (and the list still
 * nearest first) on the other, for the rest of the visit (kept in the tab's session storage).
 */
export interface TypedZipState {
  zip: string;
  sortedBy: string | null;
  setZip(zip: string): void;
  setSortedBy(zip: string | null): void;
}

const ZIP_SHAPE = /^\d{0,5}$/;

export const useTypedZip = create<TypedZipState>()(
  persist(
    (set) => ({
      zip: "",
      sortedBy: null,
      setZip: (zip) => set({ zip }),
      setSortedBy: (sortedBy) => set({ sortedBy }),
    }),
    {
      name: "squeeze:zip",
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ zip: state.zip, sortedBy: state.sortedBy }),
      // Stored state is outside input: a ZIP's shape, or nothing.
      merge: (stored, current) => {
        const zip = isRecord(stored) && isString(stored.zip) && stored.zip.length <= 10 ? stored.zip : "";
        const sortedBy =
          isRecord(stored) && isString(stored.sortedBy) && ZIP_SHAPE.test(stored.sortedBy) ? stored.sortedBy : null;
        return { ...current, zip, sortedBy };
      },
    },
  ),
);
