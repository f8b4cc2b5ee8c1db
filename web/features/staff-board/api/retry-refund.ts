import type { StaffOrder, StaffOrderResponse } from "#common/staff-orders";
import { useBoardOrderMutation } from "./board-order-mutation";
import { changeOrderStatus } from "./change-order-status";

/**
 * POST /api/staff/orders/:id/status with `cancelled` again, for an order whose refund did not go
 * through: the worker retries the refund (one refund per order however often it is asked) and
 * answers the order as it now is: `refunded`, or still `refund_pending`.
 */
export function retryRefund(order: StaffOrder): Promise<StaffOrderResponse> {
  return changeOrderStatus({ orderId: order.id, status: "cancelled", reason: order.cancelReason || "Refund retried" });
}

export function useRetryRefund() {
  return useBoardOrderMutation("retry-refund", retryRefund);
}
