/**
 * A job's document in the language the printer asked for (CloudPRNT's `type`), for its paper:
 * StarPRNT or Star Line commands made by @point-of-sale/receipt-printer-encoder, or plain text.
 */
import "./image-data-shim";
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { PrintDocument } from "./document";

/** The media types this server makes, best first: the poll offers them in this order. */
export const MEDIA_TYPES = ["application/vnd.star.starprnt", "application/vnd.star.line", "text/plain"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export function isMediaType(value: string): value is MediaType {
  return (MEDIA_TYPES as readonly string[]).includes(value);
}

/** 80 mm paper's printable width: what a printer that does not say is taken to have. */
export const DEFAULT_PRINT_WIDTH_MM = 72;
/** Star's thermal heads print 8 dots a millimetre, and font A is 12 dots wide. */
const DOTS_PER_MM = 8;
const FONT_A_DOTS = 12;

/** Characters a line holds on paper this wide (72 mm: 48; 48 mm: 32). */
export function columnsFor(printWidthMm: number | null): number {
  return Math.max(16, Math.floor(((printWidthMm ?? DEFAULT_PRINT_WIDTH_MM) * DOTS_PER_MM) / FONT_A_DOTS));
}

/**
 * Plain ASCII: every Star printer's default code page prints it alike, so an accent is dropped
 * ("Açaí" prints "Acai") rather than printed as another letter.
 */
export function toPrintable(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "?");
}

export function render(document: PrintDocument, type: MediaType, printWidthMm: number | null): Uint8Array {
  const columns = columnsFor(printWidthMm);
  if (type === "text/plain") return new TextEncoder().encode(renderText(document, columns));
  const encoder = new ReceiptPrinterEncoder({
    language: type === "application/vnd.star.line" ? "star-line" : "star-prnt",
    columns,
  }).initialize();
  for (const page of document.pages) {
    for (const line of page) {
      encoder.align(line.center ? "center" : "left");
      if (line.style === "big") encoder.size(2, 2).bold(true);
      if (line.style === "bold") encoder.bold(true);
      encoder.line(toPrintable(line.text));
      if (line.style === "big") encoder.size(1, 1);
      if (line.style) encoder.bold(false);
    }
    encoder.cut();
  }
  return encoder.encode();
}

/** Plain text: each page ends with a dashed line, where a printer that cannot cut is torn. */
function renderText(document: PrintDocument, columns: number): string {
  return document.pages
    .map((page) => `${page.map((line) => toPrintable(line.text)).join("\n")}\n${"-".repeat(columns)}\n`)
    .join("");
}
