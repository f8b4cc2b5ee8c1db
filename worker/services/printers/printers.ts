/**
 * A printer as it calls: who it is (HTTP Basic, its id and secret), and what it says of itself
 * in each poll, kept without writing the row on every poll.
 */
import { eq } from "drizzle-orm";
import type { PrinterCondition } from "#common/printing";
import type { Database } from "#worker/db/client";
import { printers } from "#worker/db/schema";
import { sha256Hex } from "#worker/lib/sha256";

export type PrinterRow = typeof printers.$inferSelect;

/** The id and password of `Authorization: Basic …`, or null for anything else. */
export function basicCredentials(header: string | undefined): { id: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Compares two hex digests without stopping at the first difference. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** The printer whose id and secret these are, or null. */
export async function authenticatePrinter(db: Database, header: string | undefined): Promise<PrinterRow | null> {
  const credentials = basicCredentials(header);
  if (!credentials || credentials.id.length > 100 || credentials.password.length > 200) return null;
  const [printer] = await db.select().from(printers).where(eq(printers.id, credentials.id));
  const presented = await sha256Hex(credentials.password);
  // The digest is made whether or not the printer exists, so neither case answers sooner.
  if (!printer || !sameDigest(presented, printer.secretHash)) return null;
  return printer;
}

/**
 * What CloudPRNT's `statusCode` says ("200 OK", "211 Paper Low", "410 Paper Empty", "420 Cover
 * Open", …): any 2xx prints; otherwise the words say why not.
 */
export function conditionOf(statusCode: string): PrinterCondition {
  if (/^2\d\d\b/.test(statusCode)) return "ok";
  if (/paper/i.test(statusCode) && /(out|empty|end)/i.test(statusCode)) return "paper_out";
  if (/cover/i.test(statusCode)) return "cover_open";
  return "error";
}

/**
 * The row is written when what the printer says changed, and otherwise when its last poll on
 * record is older than this: often enough for the board to call a silent printer offline within
 * half a minute (common/printing.ts PRINTER_OFFLINE_AFTER_SECONDS), rarely enough that a printer
 * polling every few seconds costs a write every few polls.
 */
export const PRINTER_SEEN_WRITE_SECONDS = 10;

export interface PrinterReport {
  statusCode: string;
  printWidthMm: number | null;
}

/** Keeps what the printer said in this poll, writing only when needed (see PRINTER_SEEN_WRITE_SECONDS). */
export async function recordPoll(db: Database, printer: PrinterRow, report: PrinterReport, now: Date): Promise<void> {
  const condition = conditionOf(report.statusCode);
  const changed =
    condition !== printer.condition ||
    report.statusCode !== printer.statusCode ||
    (report.printWidthMm !== null && report.printWidthMm !== printer.printWidthMm);
  const stale =
    !printer.lastPollAt || now.getTime() - Date.parse(printer.lastPollAt) >= PRINTER_SEEN_WRITE_SECONDS * 1000;
  if (!changed && !stale) return;
  const at = now.toISOString();
  await db
    .update(printers)
    .set({
      condition,
      statusCode: report.statusCode,
      ...(changed || !printer.conditionAt ? { conditionAt: at } : {}),
      lastPollAt: at,
      ...(report.printWidthMm !== null ? { printWidthMm: report.printWidthMm } : {}),
    })
    .where(eq(printers.id, printer.id));
}

/** `X-Star-Print-Width`: the printable width in millimetres, or null when absent or not a width. */
export function printWidthOf(header: string | undefined): number | null {
  const width = Number(header);
  return Number.isInteger(width) && width >= 24 && width <= 120 ? width : null;
}
