import type { StaffOrderResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { useBoardOrderMutation } from "./board-order-mutation";

/** POST /api/staff/orders/:id/paid-at-counter: a pay-on-pickup order's total was collected (who and when go to its history). */
export function markPaidAtCounter(orderId: string): Promise<StaffOrderResponse> {
  return apiFetch<StaffOrderResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/paid-at-counter`, {
    method: "POST",
    json: {},
  });
}

export function useMarkPaidAtCounter() {
  return useBoardOrderMutation("paid-at-counter", markPaidAtCounter);
}
