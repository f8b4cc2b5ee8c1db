import type { OrderResponse } from "#common/orders";
import { apiFetch } from "#web/lib/api-client";

/**
 * POST /api/orders/:id/payment/cancel: back from Stripe's page without paying, the order stops
 * holding its pickup time and drinks now instead of when its payment time runs out.
 */
export function cancelPayment(orderId: string): Promise<OrderResponse> {
  return apiFetch<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/payment/cancel`, {
    method: "POST",
    json: {},
  });
}
