import { useQueryClient } from "@tanstack/react-query";
import type { OptionSoldOutChangeRequest, StaffAvailability } from "#common/staff-availability";
import { apiFetch } from "#web/lib/api-client";
import { useOptimisticAvailability } from "./optimistic-availability";

/** POST /api/staff/availability/option-sold-out: an add-on option (oat milk) sold out, or back. */
export function changeOptionSoldOut(request: OptionSoldOutChangeRequest): Promise<StaffAvailability> {
  return apiFetch<StaffAvailability>("/api/staff/availability/option-sold-out", { method: "POST", json: request });
}

/** The option marks as they will be once the change is made. */
function withChange(availability: StaffAvailability, request: OptionSoldOutChangeRequest): StaffAvailability {
  const others = availability.soldOutOptions.filter((mark) => mark.optionId !== request.optionId);
  return {
    ...availability,
    soldOutOptions: request.soldOut
      ? [...others, { optionId: request.optionId, markedBy: "you", markedAt: new Date().toISOString() }]
      : others,
  };
}

/** The tap shows at once; a refusal puts it back. */
export function useChangeOptionSoldOut() {
  const queryClient = useQueryClient();
  return useOptimisticAvailability(queryClient, changeOptionSoldOut, withChange);
}
