import { printerNeedsAttention, printerStatusText } from "#common/printing";
import { useStaffPrinting } from "#web/features/staff-printing/api/get-printing";
import { useNow } from "#web/lib/use-now";
import "#web/features/staff-printing/staff-printing.css";

/**
 * The shop's printers above the lanes, each with what it is doing: "Printing", "Out of paper",
 * or "Printer offline — last seen 2 min ago" (from its last poll, worked out every second). A
 * shop without printers shows nothing.
 */
export function PrinterStrip() {
  const printing = useStaffPrinting();
  const now = useNow(1_000);
  const printers = printing.data?.printers ?? [];
  if (printers.length === 0) return null;
  return (
    <ul className="printer-strip" aria-label="Printers" role="list">
      {printers.map((printer) => {
        const status = printerStatusText(printer, now);
        const attention = printerNeedsAttention(printer, now);
        return (
          <li
            key={printer.id}
            className={`printer-strip__printer${attention ? " printer-strip__printer--attention" : ""}`}
            data-printer-id={printer.id}
          >
            <span className="printer-strip__icon" aria-hidden="true">
              {attention ? "⚠" : "●"}
            </span>
            <span className="printer-strip__name">{printer.name}</span>
            {/* Not a live region: "last seen 26 s ago" changes every second. */}
            <span className="printer-strip__status">{status}</span>
          </li>
        );
      })}
    </ul>
  );
}
