import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcknowledgeOrdersResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { useNewOrderAlerts } from "#web/features/staff-board/alerts/new-order-alerts";
import { withAcknowledgements } from "#web/features/staff-board/alerts/acknowledgements";
import { staffOrdersQueryOptions } from "./list-staff-orders";

/** POST /api/staff/acknowledgements: "Seen" for these new orders, for every board of the shop. */
export function acknowledgeOrders(orderIds: readonly string[]): Promise<AcknowledgeOrdersResponse> {
  return apiFetch<AcknowledgeOrdersResponse>("/api/staff/acknowledgements", {
    method: "POST",
    json: { orderIds },
  });
}

/**
 * Seen: the alerts end on this device at once; the answer puts the acknowledgements on the board's
 * orders (the other boards hear them over the live channel). If it is not recorded, the alerts
 * come back, so an order is never silently taken for seen.
 */
export function useAcknowledgeOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "acknowledgements"],
    mutationFn: acknowledgeOrders,
    onMutate: (orderIds) => useNewOrderAlerts.getState().markSeen(orderIds),
    onSuccess: ({ acknowledgements }) => {
      queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) =>
        withAcknowledgements(board, acknowledgements),
      );
    },
    onError: (_error, orderIds) => useNewOrderAlerts.getState().unmarkSeen(orderIds),
  });
}
