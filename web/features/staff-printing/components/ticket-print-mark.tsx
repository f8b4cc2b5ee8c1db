import { useStaffPrinting } from "#web/features/staff-printing/api/get-printing";

/** On a ticket: whether its paper ticket printed, or that it (or its labels) did not after three tries. */
export function TicketPrintMark({ orderId }: { orderId: string }) {
  const printing = useStaffPrinting();
  const paper = printing.data?.orders[orderId];
  const ticket = paper?.ticket;
  if (paper?.labels === "failed") {
    return (
      <p className="ticket-print-mark ticket-print-mark--failed">
        <span aria-hidden="true">⚠ </span>Labels did not print: Print again in its details
      </p>
    );
  }
  if (ticket === "printed") {
    return (
      <p className="ticket-print-mark">
        <span aria-hidden="true">✓ </span>Ticket printed
      </p>
    );
  }
  if (ticket === "failed") {
    return (
      <p className="ticket-print-mark ticket-print-mark--failed">
        <span aria-hidden="true">⚠ </span>Ticket did not print: Print again in its details
      </p>
    );
  }
  return null;
}
