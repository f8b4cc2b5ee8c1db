import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order, OrderResponse } from "#common/orders";
import { apiFetch } from "#web/lib/api-client";
import { ordersQueryKey } from "#web/lib/query-keys";

/** GET /api/orders/:id: one of the signed-in user's orders (another user's is a 404). */
export async function getOrder(orderId: string): Promise<Order> {
  const body = await apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}`, { cache: "no-store" });
  return body.order;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, orderId],
    queryFn: () => getOrder(orderId),
    staleTime: 0,
  });
}

export function useOrder(orderId: string | undefined) {
  return useQuery({ ...orderQueryOptions(orderId ?? ""), enabled: Boolean(orderId) });
}
