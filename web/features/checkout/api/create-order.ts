import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderRequest } from "#common/forms/checkout";
import type { CreateOrderResponse } from "#common/orders";
import { apiFetch } from "#web/lib/api-client";
import { ordersQueryKey } from "#web/lib/query-keys";
import { useCartStore } from "#web/lib/cart-store";
import { currentShopId } from "#web/lib/shop-store";

export interface CreateOrderVariables {
  request: OrderRequest;
  /** One per checkout attempt: a retry with the same key gets the same order back, never a second one. */
  idempotencyKey: string;
}

/**
 * POST /api/orders: for the shop the cart is priced at, the one the checkout names (`locationId`;
 * the chosen shop for a cart that does not know its shop, and without one the server takes the
 * default shop). The server prices the lines; `paymentUrl` is set when card payment is configured.
 */
export function createOrder({ request, idempotencyKey }: CreateOrderVariables): Promise<CreateOrderResponse> {
  const locationId = useCartStore.getState().shopId ?? currentShopId();
  return apiFetch<CreateOrderResponse>("/api/orders", {
    method: "POST",
    json: locationId ? { ...request, locationId } : request,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function createOrderMutationOptions() {
  return mutationOptions({
    mutationKey: ["orders", "create"],
    mutationFn: createOrder,
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createOrderMutationOptions(),
    // My orders shows the new order next time it is opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
