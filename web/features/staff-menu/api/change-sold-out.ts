import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SoldOutChangeRequest, StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { availabilityQueryKey } from "./get-availability";

/** POST /api/staff/availability/sold-out: a drink (size "all") or one size, sold out or back. */
export function changeSoldOut(request: SoldOutChangeRequest): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/sold-out", { method: "POST", json: request });
}

export function useChangeSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSoldOut,
    onSuccess: (availability) => queryClient.setQueryData(availabilityQueryKey, availability),
  });
}
