import type { LocationSummary } from "#common/locations";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/locations/:slug: one shop, as the list has it; an unknown slug is a 404. */
export function getLocation(slug: string): Promise<LocationSummary> {
  return apiFetch<LocationSummary>(`/api/locations/${encodeURIComponent(slug)}`, { cache: "no-store" });
}
