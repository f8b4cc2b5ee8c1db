import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffOrdersResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { withNewerCopiesKept } from "#web/features/staff-board/board-orders";

export const staffOrdersQueryKey = ["staff", "orders"] as const;

/** GET /api/staff/orders: the board's location and its open orders, oldest first (401 guest, 403 shopper). */
export function listStaffOrders(): Promise<StaffOrdersResponse> {
  return apiFetch<StaffOrdersResponse>("/api/staff/orders", { cache: "no-store" });
}

export function staffOrdersQueryOptions() {
  return queryOptions({
    queryKey: staffOrdersQueryKey,
    // Merged as it lands, with what the board shows now: changes that reached it live while this
    // read was on its way are kept (board-orders.ts).
    queryFn: async ({ client }) =>
      withNewerCopiesKept(await listStaffOrders(), client.getQueryData<StaffOrdersResponse>(staffOrdersQueryKey)),
    staleTime: 0,
  });
}

export function useStaffOrders() {
  return useQuery(staffOrdersQueryOptions());
}
