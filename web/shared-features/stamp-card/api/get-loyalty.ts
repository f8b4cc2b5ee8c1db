import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LoyaltyResponse } from "#common/loyalty";
import { apiFetch } from "#web/lib/api-client";
import { loyaltyQueryKey } from "#web/lib/query-keys";

export const LOYALTY_PATH = "/api/loyalty";
/** How long the card may take: the checkout waits for it (web/features/checkout/checkout-page.tsx). */
export const LOYALTY_TIMEOUT_MS = 5_000;

/** GET /api/loyalty: the signed-in shopper's stamps, the rewards they cover and the ledger's history. */
export function getLoyalty(): Promise<LoyaltyResponse> {
  return apiFetch<LoyaltyResponse>(LOYALTY_PATH, {
    cache: "no-store",
    signal: AbortSignal.timeout(LOYALTY_TIMEOUT_MS),
  });
}

export function loyaltyQueryOptions() {
  return queryOptions({
    queryKey: loyaltyQueryKey,
    queryFn: getLoyalty,
    // A barista's "Collected" adds stamps at any moment: look again whenever a page shows the card.
    staleTime: 0,
  });
}

/** The shopper's stamp card; asked only when `signedIn` (a guest has none). */
export function useLoyalty(signedIn: boolean) {
  return useQuery({ ...loyaltyQueryOptions(), enabled: signedIn });
}
