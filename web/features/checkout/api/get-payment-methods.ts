import { useQuery } from "@tanstack/react-query";
import { PAYMENT_METHODS_PATH, type PaymentMethods } from "#common/payment-methods";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/payment-methods: whether this shop charges a card at checkout or takes payment on pickup. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ["payment-methods"],
    queryFn: () => apiFetch<PaymentMethods>(PAYMENT_METHODS_PATH),
    staleTime: 5 * 60_000,
  });
}
