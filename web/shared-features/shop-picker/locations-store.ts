import { create } from "zustand";
import type { LocationSummary } from "#common/locations";
import { getLocations } from "./api/get-locations";

/**
 * The shops taking online orders, as this page load last heard (the header, the banner, the cart
 * and the checkout name the chosen one). A small store rather than a query: the header shows it on
 * every page, including the ones that never load the data layer.
 */
export interface LocationsState {
  locations: LocationSummary[] | null;
  /** The last attempt failed (offline, or the API is down). */
  failed: boolean;
  /** Asks once per page load (again after a failure); `fresh` asks again (the picker, on opening). */
  load(fresh?: boolean): Promise<LocationSummary[] | null>;
}

let inFlight: Promise<LocationSummary[] | null> | null = null;

export const useLocations = create<LocationsState>()((set, get) => ({
  locations: null,
  failed: false,
  load(fresh = false) {
    if (!fresh && get().locations) return Promise.resolve(get().locations);
    inFlight ??= getLocations()
      .then((locations) => {
        set({ locations, failed: false });
        return locations;
      })
      .catch((error: unknown) => {
        console.warn("Could not load the shops", error);
        set({ failed: true });
        return get().locations;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
}));

/** Whether there is a choice to make: with one shop, no picker shows anywhere. */
export const hasSeveralShops = (locations: LocationSummary[] | null) => (locations?.length ?? 0) > 1;

/** The shop with this id among those listed, if any. */
export function findShop(locations: LocationSummary[] | null, shopId: string | null): LocationSummary | null {
  return (shopId && locations?.find((location) => location.id === shopId)) || null;
}
