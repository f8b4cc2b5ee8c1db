import { useQuery } from "@tanstack/react-query";
import { STAFF_ROLES, type StaffRole } from "#common/staff";
import { apiFetch } from "#web/lib/api-client";
import { isRecord } from "#web/lib/guards";

/** GET /api/me, for the staff frame: the signed-in member's role at their first shop (null: none). */
export async function getStaffRole(): Promise<StaffRole | null> {
  const body = await apiFetch<unknown>("/api/me", { cache: "no-store" });
  const staff = isRecord(body) && isRecord(body.staff) ? body.staff : null;
  return STAFF_ROLES.find((role) => role === staff?.role) ?? null;
}

/**
 * Which of the staff pages' tabs to show: the Numbers only to a manager or the owner. Asked once
 * the board has let the person in (`enabled`), so a refused visitor costs the API nothing more.
 */
export function useStaffRole(enabled: boolean) {
  return useQuery({ queryKey: ["staff", "role"], queryFn: getStaffRole, staleTime: 60_000, enabled });
}
