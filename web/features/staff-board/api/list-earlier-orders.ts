import { useInfiniteQuery } from "@tanstack/react-query";
import type { EarlierOrdersResponse } from "#common/earlier-orders";
import { apiFetch } from "#web/lib/api-client";

export const earlierOrdersQueryKey = ["staff", "orders", "earlier"] as const;

/** GET /api/staff/orders/earlier?offset=…: a page of the orders still open from an earlier day, oldest first. */
export function listEarlierOrders(offset: number): Promise<EarlierOrdersResponse> {
  return apiFetch<EarlierOrdersResponse>(`/api/staff/orders/earlier?offset=${offset}`, { cache: "no-store" });
}

/** Read only while the list is open: the board's own answer carries just their count. */
export function useEarlierOrders(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: earlierOrdersQueryKey,
    queryFn: ({ pageParam }) => listEarlierOrders(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    enabled,
    staleTime: 0,
  });
}
