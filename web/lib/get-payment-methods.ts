import { queryOptions, useQuery } from "@tanstack/react-query";
import { PAYMENT_METHODS_PATH, type PaymentMethods } from "#common/payment-methods";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/payment-methods: how this shop takes payment (card at checkout, or on pickup). */
export function getPaymentMethods(): Promise<PaymentMethods> {
  return apiFetch<PaymentMethods>(PAYMENT_METHODS_PATH);
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ["payment-methods"],
    queryFn: getPaymentMethods,
    // Short: turning card payment on or off must reach the FAQ and the checkout's words soon.
    staleTime: 30_000,
  });
}

/** Asked only when `wanted` (the FAQ's answer is open), so a drink's page loads nothing more. */
export function usePaymentMethods(wanted: boolean) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled: wanted });
}
