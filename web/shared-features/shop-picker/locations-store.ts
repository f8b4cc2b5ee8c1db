import { create } from "zustand";
import type { LocationSummary } from "#common/locations";
import { ApiRequestError } from "#web/lib/api-client";
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
  /** Failures in a row; the next retry waits LOCATIONS_RETRY_DELAYS_MS[failures - 1]. */
  failures: number;
  /** The retry waiting to ask again; a newer failure, an answer or a reset makes it moot. */
  pendingRetry: symbol | null;
  /**
   * Asks once per page load; after a failure it asks again by itself, a few times, further apart
   * each time. `fresh` asks again (the picker, on opening).
   */
  load(fresh?: boolean): Promise<LocationSummary[] | null>;
}

let inFlight: Promise<LocationSummary[] | null> | null = null;

/** Waits before asking again after a failure (a dropped request must not leave the page without its shop for good). */
export const LOCATIONS_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;
/** A dropped connection, a busy or failing server: worth asking again. A client error is not. */
function mayPassOff(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500 || error.status === 429;
}

export const useLocations = create<LocationsState>()((set, get) => ({
  locations: null,
  failed: false,
  failures: 0,
  pendingRetry: null,
  load(fresh = false) {
    if (!fresh && get().locations) return Promise.resolve(get().locations);
    inFlight ??= getLocations()
      .then((locations) => {
        set({ locations, failed: false, failures: 0, pendingRetry: null });
        return locations;
      })
      .catch((error: unknown) => {
        console.warn("Could not load the shops", error);
        const failures = get().failures + 1;
        const delay = LOCATIONS_RETRY_DELAYS_MS[failures - 1];
        const retry = !get().locations && delay !== undefined && mayPassOff(error) ? Symbol("retry") : null;
        set({ failed: true, failures, pendingRetry: retry });
        if (retry) {
          setTimeout(() => {
            if (get().pendingRetry === retry) void get().load();
          }, delay);
        }
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
