import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderStatusChange } from "#common/forms/order-status";
import type { StaffOrderResponse } from "#common/staff-orders";
import { apiFetch, ApiRequestError } from "#web/lib/api-client";
import { withBoardOrder } from "#web/features/staff-board/board-orders";
import { staffOrdersQueryKey, staffOrdersQueryOptions } from "./list-staff-orders";

export interface ChangeOrderStatusVariables extends OrderStatusChange {
  orderId: string;
}

/** POST /api/staff/orders/:id/status: the order as it now is (409 names both states for an illegal move). */
export async function changeOrderStatus({
  orderId,
  ...change
}: ChangeOrderStatusVariables): Promise<StaffOrderResponse> {
  return apiFetch<StaffOrderResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/status`, {
    method: "POST",
    json: change,
  });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "orders", "status"],
    mutationFn: changeOrderStatus,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(staffOrdersQueryOptions().queryKey, (board) => withBoardOrder(board, order));
    },
    onError: (error) => {
      // Someone else moved the order first (409) or it is gone (404): show the board as it is.
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey });
      }
    },
  });
}
