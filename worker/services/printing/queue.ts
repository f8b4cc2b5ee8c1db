/**
 * The jobs an order's change calls for, as statements for the batch that makes the change (the
 * orders room writes them, as it writes its e-mails): the ticket on every ticket printer of the
 * shop and the labels for its first label printer to poll, when the order reaches the board; the
 * "CANCELLED" slip on each printer whose ticket printed, when it is cancelled.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#worker/db/client";
import { printJobs, printers } from "#worker/db/schema";
import {
  cancelledDocument,
  labelsDocument,
  printableOrder,
  ticketDocument,
  type PrintableOrder,
  type PrintDocument,
  type OrderToPrint,
} from "./document";
import type { PrintJobKind, PrinterKind } from "#common/printing";

/** The once-key of what the board calls for: one ticket per printer, one set of labels per order. */
const ticketOnceKey = (orderId: string) => sql<string>`${`${orderId}:ticket:`} || ${printers.id}`;
const labelsOnceKey = (orderId: string) => `${orderId}:labels`;

function jobFromPrinters(
  db: Database,
  job: {
    locationId: string;
    orderId: string;
    kind: PrintJobKind;
    printerKind: PrinterKind;
    document: PrintDocument;
    forEachPrinter: boolean;
    onceKey: ReturnType<typeof ticketOnceKey> | string | null;
    at: string;
    /** Which of the shop's printers of that kind, beyond all of them. */
    onlyWhere?: SQL;
  },
) {
  return db
    .select({
      id: sql<string>`lower(hex(randomblob(16)))`.as("id"),
      locationId: sql<string>`${job.locationId}`.as("location_id"),
      orderId: sql<string>`${job.orderId}`.as("order_id"),
      kind: sql<PrintJobKind>`${job.kind}`.as("kind"),
      printerKind: sql<PrinterKind>`${job.printerKind}`.as("printer_kind"),
      // Labels wait for whichever label printer polls first.
      printerId: (job.forEachPrinter ? sql<string | null>`${printers.id}` : sql<null>`NULL`).as("printer_id"),
      document: sql<string>`${JSON.stringify(job.document)}`.as("document"),
      state: sql<"queued">`'queued'`.as("state"),
      onceKey: (job.onceKey === null ? sql<null>`NULL` : sql<string>`${job.onceKey}`).as("once_key"),
      sentAt: sql<null>`NULL`.as("sent_at"),
      failures: sql<number>`0`.as("failures"),
      lastCode: sql<null>`NULL`.as("last_code"),
      printedAt: sql<null>`NULL`.as("printed_at"),
      createdAt: sql<string>`${job.at}`.as("created_at"),
    })
    .from(printers)
    .where(and(eq(printers.locationId, job.locationId), eq(printers.kind, job.printerKind), job.onlyWhere));
}

/**
 * The ticket and labels of an order that has reached the board, written at most once each
 * (a second write, from a poll that raced another, is ignored). A shop with no label printer
 * gets no labels.
 */
export function orderPrintJobs(
  db: Database,
  locationId: string,
  order: PrintableOrder,
  at: string,
): BatchItem<"sqlite">[] {
  const common = { locationId, orderId: order.id, at };
  return [
    db
      .insert(printJobs)
      .select(
        jobFromPrinters(db, {
          ...common,
          kind: "ticket",
          printerKind: "tickets",
          document: ticketDocument(order),
          forEachPrinter: true,
          onceKey: ticketOnceKey(order.id),
        }),
      )
      .onConflictDoNothing(),
    db
      .insert(printJobs)
      .select(
        jobFromPrinters(db, {
          ...common,
          kind: "labels",
          printerKind: "labels",
          document: labelsDocument(order),
          forEachPrinter: false,
          onceKey: labelsOnceKey(order.id),
        }).limit(1),
      )
      .onConflictDoNothing(),
  ];
}

/**
 * For the batch that puts an order on the board (placed and due now, or paid): its ticket and
 * labels. An order ahead whose preparation starts later gets them at a printer's poll once it
 * does (worker/services/printers/cloudprnt.ts).
 */
export function boardPrintJobs(db: Database, order: OrderToPrint, shopName: string, at: string): BatchItem<"sqlite">[] {
  if (order.prepStartsAt && order.prepStartsAt > at) return [];
  return orderPrintJobs(db, order.row.locationId, printableOrder(order, shopName), at);
}

/** For the batch that cancels an order: a "CANCELLED" slip on each ticket printer that printed its ticket. */
export function cancelledSlipJob(db: Database, order: OrderToPrint): BatchItem<"sqlite"> {
  const at = new Date().toISOString();
  const ticketPrintedHere = sql`EXISTS (SELECT 1 FROM print_jobs AS printed WHERE printed.order_id = ${order.row.id} AND printed.kind = 'ticket' AND printed.state = 'printed' AND printed.printer_id = ${printers.id})`;
  return db.insert(printJobs).select(
    jobFromPrinters(db, {
      locationId: order.row.locationId,
      orderId: order.row.id,
      kind: "cancelled",
      printerKind: "tickets",
      document: cancelledDocument(printableOrder(order, "")),
      forEachPrinter: true,
      onceKey: null,
      at,
      onlyWhere: ticketPrintedHere,
    }),
  );
}
