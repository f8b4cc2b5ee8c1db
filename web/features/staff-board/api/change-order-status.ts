import type { OrderStatusChange } from "#common/forms/order-status";
import type { StaffOrderResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { useBoardOrderMutation } from "./board-order-mutation";

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
  return useBoardOrderMutation("status", changeOrderStatus);
}
