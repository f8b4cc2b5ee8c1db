import { useMutation, useQueryClient } from "@tanstack/react-query";
import { printAgainPath, type PrintAgainRequest } from "#common/forms/print-again";
import { apiFetch } from "#web/lib/api-client";
import { staffPrintingQueryKey } from "./get-printing";

/** POST /api/staff/printing/orders/:id/print: the order's ticket or labels, once more. */
export function printAgain(orderId: string, request: PrintAgainRequest): Promise<{ queued: string }> {
  return apiFetch(printAgainPath(orderId), { method: "POST", json: request });
}

export function usePrintAgain(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PrintAgainRequest) => printAgain(orderId, request),
    onSettled: () => client.invalidateQueries({ queryKey: staffPrintingQueryKey }),
  });
}
