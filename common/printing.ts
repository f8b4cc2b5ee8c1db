/**
 * Printing at the counter (docs/decisions/0039-cloud-printers.md): the shop's CloudPRNT printers,
 * the jobs they print, and what the board shows of them. Each list of values is defined here once.
 */

/** What a printer is for: order tickets, or a sticker for each cup. */
export const PRINTER_KINDS = ["tickets", "labels"] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** What a printer last said of itself in its poll. */
export const PRINTER_CONDITIONS = ["ok", "paper_out", "cover_open", "error"] as const;
export type PrinterCondition = (typeof PRINTER_CONDITIONS)[number];

/** What a job prints: an order's ticket, its cups' labels, or the slip of a cancelled order. */
export const PRINT_JOB_KINDS = ["ticket", "labels", "cancelled"] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/**
 * Where a job stands: waiting for a printer, handed to one (`sent`, until it confirms), printed,
 * or given up after PRINT_JOB_MAX_FAILURES failed prints.
 */
export const PRINT_JOB_STATES = ["queued", "sent", "printed", "failed"] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** A printer that has not polled for this long shows as offline (it polls every few seconds). */
export const PRINTER_OFFLINE_AFTER_SECONDS = 20;
/** Failed prints after which a job is given up and the board says so. */
export const PRINT_JOB_MAX_FAILURES = 3;

/** What "Print again" can ask for. */
export const REPRINT_KINDS = ["ticket", "labels"] as const;
export type ReprintKind = (typeof REPRINT_KINDS)[number];

/** A printer as the board shows it. */
export interface StaffPrinter {
  id: string;
  name: string;
  kind: PrinterKind;
  condition: PrinterCondition | null;
  /** When it last polled (ISO), or null if never. */
  lastSeenAt: string | null;
}

/** Where an order's paper stands, as the board marks its ticket. */
export type OrderPrintState = "waiting" | "printed" | "failed";

/** `GET /api/staff/printing`: the shop's printers and the print state of its recent orders. */
export interface StaffPrinting {
  printers: StaffPrinter[];
  /** By order id: its ticket's and its labels' state, for orders that have jobs. */
  orders: Record<string, Partial<Record<ReprintKind, OrderPrintState>>>;
}

/** What the board says of a printer at `now` (ms). */
export function printerStatusText(printer: StaffPrinter, now: number): string {
  if (!printer.lastSeenAt) return "Printer offline — never seen";
  const silentMs = now - Date.parse(printer.lastSeenAt);
  if (silentMs > PRINTER_OFFLINE_AFTER_SECONDS * 1000) return `Printer offline — last seen ${agoText(silentMs)}`;
  switch (printer.condition) {
    case "paper_out":
      return "Out of paper";
    case "cover_open":
      return "Cover open";
    case "error":
      return "Printer error";
    default:
      return "Printing";
  }
}

/** Whether the board should draw attention to the printer. */
export function printerNeedsAttention(printer: StaffPrinter, now: number): boolean {
  return printerStatusText(printer, now) !== "Printing";
}

function agoText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return `${Math.max(1, Math.floor(ms / 1000))} s ago`;
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
