import { useQuery } from "@tanstack/react-query";
import type { StaffShopsResponse } from "#common/staff";
import { apiFetch } from "#web/lib/api-client";

/**
 * The staff pages' shop (GET /api/staff/shops): the shops the member may switch between and the
 * one shown. Shared by the staff features; only the staff chunks import it. Switching is
 * ./switch-staff-shop.ts.
 */
export const staffShopsQueryKey = ["staff", "shops"] as const;

/**
 * Every shop at once, on the Numbers page (`?shops=all`): the staff bar's switcher offers it there,
 * so the shop, or all shops, is chosen in one place.
 */
export const ALL_SHOPS_PARAM = { name: "shops", value: "all" } as const;

export function getStaffShops(): Promise<StaffShopsResponse> {
  return apiFetch<StaffShopsResponse>("/api/staff/shops", { cache: "no-store" });
}

/** Asked once the board has let the person in (`enabled`). */
export function useStaffShops(enabled = true) {
  return useQuery({ queryKey: staffShopsQueryKey, queryFn: getStaffShops, staleTime: 60_000, enabled });
}
