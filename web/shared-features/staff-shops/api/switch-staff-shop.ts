import { LOCATION_PARAM } from "#common/locations";
import type { StaffShopsResponse } from "#common/staff";
import { apiFetch } from "#web/lib/api-client";

/**
 * Switches the staff pages to a shop: the server remembers it for this device, so every staff
 * request without `?location=` (the board, the Menu page, the live socket) is that shop's from now on.
 */
export function switchStaffShop(locationId: string): Promise<StaffShopsResponse> {
  const search = new URLSearchParams({ [LOCATION_PARAM]: locationId });
  return apiFetch<StaffShopsResponse>(`/api/staff/shops?${search}`, { cache: "no-store" });
}
