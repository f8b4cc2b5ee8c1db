import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";

export const staffOrdersQueryKey = ["staff", "orders"] as const;

/** GET /api/staff/orders: the board's location and its open orders, oldest first (401 guest, 403 shopper). */
export function listStaffOrders(): Promise<StaffOrdersResponse> {
  return apiFetch<StaffOrdersResponse>("/api/staff/orders", { cache: "no-store" });
}

export function staffOrdersQueryOptions() {
  return queryOptions({ queryKey: staffOrdersQueryKey, queryFn: listStaffOrders, staleTime: 0 });
}

export function useStaffOrders() {
  return useQuery(staffOrdersQueryOptions());
}
