import { LOCATION_PARAM } from "./locations";

/**
 * An API address naming the shop it asks about (`?location=<id>`), or as it is for no shop (the
 * server then answers for the shop in the cookie, or the default one). The app's reads and the
 * worker's preload hints build the same addresses with it, so a hint is never fetched for nothing.
 */
export function withLocation(path: string, locationId: string | null | undefined): string {
  if (!locationId) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${LOCATION_PARAM}=${encodeURIComponent(locationId)}`;
}
