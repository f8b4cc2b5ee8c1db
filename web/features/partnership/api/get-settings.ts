import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FranchiseSettings } from "#common/catalog";
import { apiFetch } from "#web/lib/api-client";

/** GET /api/settings: every settings record; the franchise one is the first (spec section 3). */
export function getSettings(): Promise<FranchiseSettings[]> {
  return apiFetch<FranchiseSettings[]>("/api/settings");
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ["settings"],
    queryFn: getSettings,
  });
}

/** The franchise settings: `data` is the first record, or null when the shop has none yet. */
export function useFranchiseSettings() {
  return useQuery({
    ...settingsQueryOptions(),
    select: (records): FranchiseSettings | null => records[0] ?? null,
  });
}
