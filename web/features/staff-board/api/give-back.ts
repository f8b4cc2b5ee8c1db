import type { StaffOrderResponse } from "#common/staff-orders";
import { apiFetch } from "#web/lib/api-client";
import { useBoardOrderMutation } from "./board-order-mutation";

/** POST /api/staff/orders/:id/given-back: money paid at the counter for a cancelled order was handed back there. */
export function markGivenBack(orderId: string): Promise<StaffOrderResponse> {
  return apiFetch<StaffOrderResponse>(`/api/staff/orders/${encodeURIComponent(orderId)}/given-back`, {
    method: "POST",
    json: {},
  });
}

export function useGiveBack() {
  return useBoardOrderMutation("given-back", markGivenBack);
}
