import type { BoardExtensions } from "#web/shared-features/board-extensions/board-extensions";
import { PrinterStrip } from "./components/printer-strip";
import { PrintAgainButtons } from "./components/print-again-buttons";
import { TicketPrintMark } from "./components/ticket-print-mark";

/** Printing on the order board (docs/decisions/0039-cloud-printers.md), wired in by the app. */
export const PRINTING_ON_THE_BOARD: BoardExtensions = {
  Strip: PrinterStrip,
  TicketMark: TicketPrintMark,
  DetailsActions: PrintAgainButtons,
};
