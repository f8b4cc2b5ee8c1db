import { useQueryClient } from "@tanstack/react-query";
import type { StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { useOptimisticAvailability } from "./optimistic-availability";

/** POST /api/staff/availability/resume: takes online orders again at once. */
export function resumeOrdering(): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/resume", { method: "POST", json: {} });
}

export function useResumeOrdering() {
  const queryClient = useQueryClient();
  return useOptimisticAvailability(queryClient, resumeOrdering, (availability) => ({ ...availability, pause: null }));
}
