import { queryOptions, useQuery } from "@tanstack/react-query";
import { PAYMENT_METHODS_PATH, type PaymentMethods } from "#common/payment-methods";
import { apiFetch } from "#web/lib/api-client";
import { currentShopId, shopKey, useShopId, withShop } from "#web/lib/shop-store";

/** GET /api/payment-methods: how this shop takes payment (card at checkout, or on pickup). */
export function getPaymentMethods(shopId: string | null): Promise<PaymentMethods> {
  return apiFetch<PaymentMethods>(withShop(PAYMENT_METHODS_PATH, shopId));
}

export function paymentMethodsQueryOptions(shopId: string | null = currentShopId()) {
  return queryOptions({
    queryKey: ["payment-methods", shopKey(shopId)],
    queryFn: () => getPaymentMethods(shopId),
    // Short: turning card payment on or off must reach the FAQ and the checkout's words soon.
    staleTime: 30_000,
  });
}

/** Asked only when `wanted` (the FAQ's answer is open), so a drink's page loads nothing more. */
export function usePaymentMethods(wanted: boolean) {
  return useQuery({ ...paymentMethodsQueryOptions(useShopId()), enabled: wanted });
}
