import { useQueryClient } from "@tanstack/react-query";
import type { PauseOrderingRequest, StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { useOptimisticAvailability } from "./optimistic-availability";

/** POST /api/staff/availability/pause: 15, 30 or 60 minutes, or null until resumed. */
export function pauseOrdering(request: PauseOrderingRequest): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/pause", { method: "POST", json: request });
}

/** The pause as it will be, until the answer names who paused it and its exact end. */
function withPause(availability: StaffAvailability, request: PauseOrderingRequest): StaffAvailability {
  const now = Date.now();
  const pausedUntil = request.minutes === null ? null : new Date(now + request.minutes * 60_000).toISOString();
  return { ...availability, pause: { pausedUntil, pausedBy: "you", pausedAt: new Date(now).toISOString() } };
}

export function usePauseOrdering() {
  const queryClient = useQueryClient();
  return useOptimisticAvailability(queryClient, pauseOrdering, withPause);
}
