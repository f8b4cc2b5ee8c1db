import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";

export const availabilityQueryKey = ["staff", "availability"] as const;

/** GET /api/staff/availability: the pause in force, the sold-out marks and the drinks to mark. */
export function getAvailability(): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability", { cache: "no-store" });
}

export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: availabilityQueryKey,
    queryFn: getAvailability,
    staleTime: 0,
    // Another barista may change it from another tablet: keep the counter's copy current.
    refetchInterval: 15_000,
  });
}

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}
