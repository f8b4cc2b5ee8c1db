import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order, OrderListResponse } from "../../../../common/forms/checkout";
import { apiFetch } from "../../../lib/api-client";

export const ordersQueryKey = ["orders"] as const;

/** GET /api/orders: the signed-in user's orders, newest first. */
export async function listOrders(): Promise<Order[]> {
  const body = await apiFetch<OrderListResponse>("/api/orders", { cache: "no-store" });
  return body.orders;
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ordersQueryKey,
    queryFn: listOrders,
    // A card payment is confirmed by Stripe a moment later: look again whenever the page opens.
    staleTime: 0,
  });
}

export function useOrders(options: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQueryOptions(), enabled: options.enabled ?? true });
}
