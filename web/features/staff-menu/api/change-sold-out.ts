import { useQueryClient } from "@tanstack/react-query";
import type { SoldOutChangeRequest, StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { useOptimisticAvailability } from "./optimistic-availability";

/** POST /api/staff/availability/sold-out: a drink (size "all") or one size, sold out or back. */
export function changeSoldOut(request: SoldOutChangeRequest): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/sold-out", { method: "POST", json: request });
}

/** The marks as they will be once the change is made. */
function withChange(availability: StaffAvailability, request: SoldOutChangeRequest): StaffAvailability {
  const others = availability.soldOut.filter(
    (mark) => !(mark.productId === request.productId && mark.size === request.size),
  );
  return {
    ...availability,
    soldOut: request.soldOut
      ? [
          ...others,
          { productId: request.productId, size: request.size, markedBy: "you", markedAt: new Date().toISOString() },
        ]
      : others,
  };
}

/** The tap shows at once (the barista sees their change before the answer); a refusal puts it back. */
export function useChangeSoldOut() {
  const queryClient = useQueryClient();
  return useOptimisticAvailability(queryClient, changeSoldOut, withChange);
}
