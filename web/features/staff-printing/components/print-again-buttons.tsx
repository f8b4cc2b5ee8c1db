import type { ReprintKind } from "#common/printing";
import { errorMessage } from "#web/lib/query-client";
import { useStaffPrinting } from "#web/features/staff-printing/api/get-printing";
import { usePrintAgain } from "#web/features/staff-printing/api/print-again";

const LABELS: Record<ReprintKind, string> = { ticket: "Print ticket again", labels: "Print labels again" };

/** In an order's details: its ticket or its cups' labels once more, on the shop's printers of that kind. */
export function PrintAgainButtons({ orderId }: { orderId: string }) {
  const printing = useStaffPrinting();
  const again = usePrintAgain(orderId);
  const kinds = new Set(printing.data?.printers.map((printer) => printer.kind));
  const offered = (["ticket", "labels"] as const).filter((kind) => kinds.has(kind === "ticket" ? "tickets" : "labels"));
  if (offered.length === 0) return null;
  return (
    <>
      {offered.map((kind) => (
        <button
          key={kind}
          type="button"
          className="btn"
          aria-disabled={again.isPending}
          onClick={() => {
            if (!again.isPending) again.mutate({ kind });
          }}
        >
          {again.isPending && again.variables?.kind === kind ? "Sending…" : LABELS[kind]}
        </button>
      ))}
      {again.isSuccess && (
        <p className="print-again__done" role="status">
          {again.variables.kind === "ticket" ? "The ticket prints again." : "The labels print again."}
        </p>
      )}
      {again.isError && (
        <p className="board-cancel__failure" role="alert">
          {errorMessage(again.error)}
        </p>
      )}
    </>
  );
}
