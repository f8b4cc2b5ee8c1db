import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PauseOrderingRequest, StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { availabilityQueryKey } from "./get-availability";

/** POST /api/staff/availability/pause: 15, 30 or 60 minutes, or null until resumed. */
export function pauseOrdering(request: PauseOrderingRequest): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/pause", { method: "POST", json: request });
}

export function usePauseOrdering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseOrdering,
    onSuccess: (availability) => queryClient.setQueryData(availabilityQueryKey, availability),
  });
}
