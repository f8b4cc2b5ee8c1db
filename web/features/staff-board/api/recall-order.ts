import type { StaffOrderResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { useBoardOrderMutation } from "./board-order-mutation";

/**
 * POST /api/staff/orders/:id/recall: a completed order back to Ready, a cancelled one back to the
 * state it was cancelled from (409 `not_recallable` with the reason, e.g. it was refunded).
 */
export function recallOrder(orderId: string): Promise<StaffOrderResponse> {
  return apiFetch<StaffOrderResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/recall`, {
    method: "POST",
    json: {},
  });
}

export function useRecallOrder() {
  return useBoardOrderMutation("recall", recallOrder);
}
