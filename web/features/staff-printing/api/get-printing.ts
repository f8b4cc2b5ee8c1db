import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_PRINTING_PATH } from "#common/forms/print-again";
import type { StaffPrinting } from "#common/printing";
import { apiFetch } from "#web/lib/api-client";

export const staffPrintingQueryKey = ["staff", "printing"] as const;

/** How often the board reads its printers: a printer that went quiet shows offline within 30 s. */
const PRINTING_REFRESH_MS = 5_000;

/** GET /api/staff/printing: the shop's printers and its recent orders' paper. */
export function getPrinting(): Promise<StaffPrinting> {
  return apiFetch<StaffPrinting>(STAFF_PRINTING_PATH, { cache: "no-store" });
}

export function useStaffPrinting() {
  return useQuery(
    queryOptions({
      queryKey: staffPrintingQueryKey,
      queryFn: getPrinting,
      staleTime: 0,
      refetchInterval: PRINTING_REFRESH_MS,
    }),
  );
}
