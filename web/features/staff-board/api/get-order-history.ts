import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderHistoryResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { staffOrdersQueryKey } from "./list-staff-orders";

/** GET /api/staff/orders/:id/history: every change of one of the location's orders, oldest first. */
export function getOrderHistory(orderId: string): Promise<OrderHistoryResponse> {
  return apiFetch<OrderHistoryResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/history`, {
    cache: "no-store",
  });
}

/**
 * Keyed by the order's last change too, so a history left open reads again when the order moves
 * (and, under the board's key, whenever the board catches up after a reconnection).
 */
export function orderHistoryQueryOptions(orderId: string, updatedAt: string) {
  return queryOptions({
    queryKey: [...staffOrdersQueryKey, orderId, "history", updatedAt] as const,
    queryFn: () => getOrderHistory(orderId),
    staleTime: 0,
  });
}

export function useOrderHistory(orderId: string, updatedAt: string) {
  return useQuery(orderHistoryQueryOptions(orderId, updatedAt));
}
