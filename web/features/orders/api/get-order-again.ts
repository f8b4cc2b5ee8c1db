import { useMutation } from "@tanstack/react-query";
import { chosenShopId } from "#web/lib/chosen-shop";
import { orderAgainPath, type OrderAgainResponse } from "#common/order-again";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/orders/:id/again: the order's drinks as they sell today, and what is left out and why. */
export function getOrderAgain(orderId: string): Promise<OrderAgainResponse> {
  return apiFetch<OrderAgainResponse>(orderAgainPath(orderId, chosenShopId()), { cache: "no-store" });
}

/** Asked when the shopper presses "Order again" (an answer for that moment, not kept). */
export function useOrderAgain() {
  return useMutation({ mutationKey: ["orders", "again"], mutationFn: getOrderAgain });
}
