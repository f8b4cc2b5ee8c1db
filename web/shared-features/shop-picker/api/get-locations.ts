import type { LocationSummary, LocationsResponse } from "#common/locations";
import { apiFetch } from "#web/lib/api-client";
import { isBoolean, isRecord, isString } from "#web/lib/guards";

/** How long the shops' list may take before it is asked for again. */
export const LOCATIONS_TIMEOUT_MS = 5_000;

/** Where to sort the shops from: a typed ZIP code (looked up on the server) or the browser's position. */
export type SortPoint = { zip: string } | { near: { latitude: number; longitude: number } };

// Checked by hand like GET /api/store: the header asks on every page, without the data layer.
function isLocation(value: unknown): value is LocationSummary {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.slug) &&
    isString(value.name) &&
    isString(value.address) &&
    isString(value.phone) &&
    isString(value.timeZone) &&
    isBoolean(value.openNow) &&
    Array.isArray(value.todayHours) &&
    (value.nextOpening === null || isString(value.nextOpening)) &&
    isBoolean(value.offersPickup) &&
    isBoolean(value.offersDelivery)
  );
}

export function locationsPath(point?: SortPoint): string {
  if (!point) return "/api/locations";
  if ("zip" in point) return `/api/locations?zip=${encodeURIComponent(point.zip)}`;
  const { latitude, longitude } = point.near;
  return `/api/locations?near=${latitude.toFixed(4)},${longitude.toFixed(4)}`;
}

/**
 * GET /api/locations[?zip= | ?near=]: the shops taking online orders, nearest first (with
 * `distanceMiles`) when a point is given. An unknown ZIP is a 404 `zip_unknown`, a malformed one a 400.
 */
export async function getLocations(point?: SortPoint): Promise<LocationSummary[]> {
  // An answer that never comes counts as a dropped one, which the shops list asks again for.
  const body = await apiFetch<LocationsResponse>(locationsPath(point), {
    cache: "no-store",
    signal: AbortSignal.timeout(LOCATIONS_TIMEOUT_MS),
  });
  if (!isRecord(body) || !Array.isArray(body.locations) || !body.locations.every(isLocation)) {
    throw new Error("Unexpected response from GET /api/locations.");
  }
  return body.locations;
}
