import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { OrderListResponse } from "#common/orders";
import { apiFetch } from "#web/lib/api-client";
import { ordersQueryKey } from "#web/lib/query-keys";

/** The history's pages (under ordersQueryKey, so invalidating the orders reloads it too). */
export const orderHistoryQueryKey = [...ordersQueryKey, "history"] as const;

/** GET /api/orders: one page of the signed-in user's orders, newest first, after `cursor`. */
export async function listOrders(cursor: string | null): Promise<OrderListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : "";
  return apiFetch<OrderListResponse>(`/api/orders${query}`, { cache: "no-store" });
}

export function orderHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: orderHistoryQueryKey,
    queryFn: ({ pageParam }) => listOrders(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A card payment is confirmed by Stripe a moment later: look again whenever the page opens.
    staleTime: 0,
  });
}

/** The order history, a page at a time: `fetchNextPage()` loads older orders. */
export function useOrderHistory(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...orderHistoryQueryOptions(), enabled: options.enabled ?? true });
}
