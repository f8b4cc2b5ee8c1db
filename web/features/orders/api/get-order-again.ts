import { useMutation } from "@tanstack/react-query";
import { orderAgainPath, type OrderAgainResponse } from "#common/order-again";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, withShop } from "#web/lib/shop-store";

/** GET /api/orders/:id/again?location=: the order's drinks as the chosen shop sells them today, and what is left out and why. */
export function getOrderAgain(orderId: string): Promise<OrderAgainResponse> {
  return apiFetch<OrderAgainResponse>(withShop(orderAgainPath(orderId), currentShopId()), { cache: "no-store" });
}

/** Asked when the shopper presses "Order again" (an answer for that moment, not kept). */
export function useOrderAgain() {
  return useMutation({ mutationKey: ["orders", "again"], mutationFn: getOrderAgain });
}
