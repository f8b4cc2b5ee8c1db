import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EarlierOrdersClosed } from "#common/earlier-orders";
import { apiFetch } from "#web/lib/api-client";
import { staffOrdersQueryKey } from "./list-staff-orders";

/** POST /api/staff/orders/earlier/close: every order still open from an earlier day is closed. */
export function closeEarlierOrders(): Promise<{ closed: EarlierOrdersClosed }> {
  return apiFetch<{ closed: EarlierOrdersClosed }>("/api/staff/orders/earlier/close", { method: "POST", json: {} });
}

export function useCloseEarlierOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "orders", "earlier", "close"],
    mutationFn: closeEarlierOrders,
    // The board (its count, Refunds to retry, Give back) and the list are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
  });
}
