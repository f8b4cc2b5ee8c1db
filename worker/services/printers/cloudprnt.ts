/**
 * Star's CloudPRNT over HTTP (docs/decisions/0039-cloud-printers.md): the printer polls (POST),
 * fetches the job it was offered (GET with `type`), and confirms it (DELETE, or GET when asked
 * for). One job is in flight per printer: a printer whose firmware sends no `token` is always
 * talking about that one.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { PRINT_JOB_MAX_FAILURES } from "#common/printing";
import type { Database } from "#worker/db/client";
import { locations, printJobs } from "#worker/db/schema";
import { ordersAheadStartedBy } from "#worker/services/orders/orders-ahead-started";
import { printableOrder, type PrintDocument } from "#worker/services/printing/document";
import type { PrinterRow } from "./printers";
import { orderPrintJobs } from "#worker/services/printing/queue";
import { MEDIA_TYPES, render, type MediaType } from "#worker/services/printing/render";
import { asBatch } from "#worker/db/batch";

/** A job handed to a printer and not confirmed within this long is offered again. */
export const CONFIRMATION_WAIT_MS = 60_000;

export type PrintJobRow = typeof printJobs.$inferSelect;

/** The poll's answer (CloudPRNT's JSON response). */
export interface PollAnswer {
  jobReady: boolean;
  mediaTypes?: MediaType[];
  jobToken?: string;
  deleteMethod?: "DELETE" | "GET";
}

/**
 * The printer's next job: one handed to it and not confirmed within a minute, else the oldest
 * waiting for it (labels: for any of the shop's label printers, also one another label printer
 * took and never confirmed). Null while a job handed to it waits for its confirmation.
 */
export async function nextJob(db: Database, printer: PrinterRow, now: Date): Promise<PrintJobRow | null> {
  const staleBefore = new Date(now.getTime() - CONFIRMATION_WAIT_MS).toISOString();
  const mine = eq(printJobs.printerId, printer.id);
  const [inFlight] = await db
    .select()
    .from(printJobs)
    .where(and(mine, eq(printJobs.state, "sent")))
    .orderBy(asc(printJobs.sentAt))
    .limit(1);
  if (inFlight) return inFlight.sentAt! < staleBefore ? inFlight : null;
  const forAnyOfItsKind = printer.kind === "labels" ? or(mine, isNull(printJobs.printerId)) : mine;
  const [next] = await db
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.locationId, printer.locationId),
        eq(printJobs.printerKind, printer.kind),
        or(
          and(eq(printJobs.state, "queued"), forAnyOfItsKind),
          // Labels another label printer took and went quiet with.
          printer.kind === "labels" ? and(eq(printJobs.state, "sent"), lt(printJobs.sentAt, staleBefore)) : sql`0`,
        ),
      ),
    )
    .orderBy(asc(printJobs.createdAt), asc(printJobs.id))
    .limit(1);
  return next ?? null;
}

/** The poll: any due order ahead's jobs written, then whether a job is ready for this printer. */
export async function answerPoll(db: Database, printer: PrinterRow, now: Date): Promise<PollAnswer> {
  await writeStartedOrdersAhead(db, printer.locationId, now);
  const job = await nextJob(db, printer, now);
  if (!job) return { jobReady: false };
  return { jobReady: true, mediaTypes: [...MEDIA_TYPES], jobToken: job.id, deleteMethod: "DELETE" };
}

/**
 * Orders ahead reach the board when their preparation starts, by the clock: the first poll after
 * that writes their ticket and labels, once per order and kind (the once-keys see to a race).
 */
async function writeStartedOrdersAhead(db: Database, locationId: string, now: Date): Promise<void> {
  const started = await ordersAheadStartedBy(db, locationId, now);
  if (started.length === 0) return;
  const withJobs = new Set(
    (
      await db
        .select({ orderId: printJobs.orderId })
        .from(printJobs)
        .where(
          and(
            inArray(
              printJobs.orderId,
              started.map((order) => order.row.id),
            ),
            isNotNull(printJobs.onceKey),
          ),
        )
    ).map((row) => row.orderId),
  );
  const due = started.filter((order) => !withJobs.has(order.row.id));
  if (due.length === 0) return;
  const [shop] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  const at = now.toISOString();
  await db.batch(
    asBatch(due.flatMap((order) => orderPrintJobs(db, locationId, printableOrder(order, shop?.name ?? ""), at))),
  );
}

/**
 * The job a GET asks for (its token, or the one the poll offers now), handed to the printer: it
 * is now in flight there. Null when there is none for it.
 */
export async function handOut(
  db: Database,
  printer: PrinterRow,
  token: string | undefined,
  now: Date,
): Promise<PrintJobRow | null> {
  const job = token ? await ownJob(db, printer, token, now) : await nextJob(db, printer, now);
  if (!job) return null;
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - CONFIRMATION_WAIT_MS).toISOString();
  // Guarded: labels another label printer has just taken are not taken twice.
  const [taken] = await db
    .update(printJobs)
    .set({ state: "sent", printerId: printer.id, sentAt: at })
    .where(
      and(
        eq(printJobs.id, job.id),
        or(eq(printJobs.printerId, printer.id), isNull(printJobs.printerId), lt(printJobs.sentAt, staleBefore)),
        inArray(printJobs.state, ["queued", "sent"]),
      ),
    )
    .returning();
  return taken ?? null;
}

/** A job the token names, if this printer may print it now. */
async function ownJob(db: Database, printer: PrinterRow, token: string, now: Date): Promise<PrintJobRow | null> {
  const [job] = await db.select().from(printJobs).where(eq(printJobs.id, token));
  if (!job || job.locationId !== printer.locationId || job.printerKind !== printer.kind) return null;
  if (job.state === "printed" || job.state === "failed") return null;
  if (job.printerId === null || job.printerId === printer.id) return job;
  // Another label printer's, left unconfirmed.
  const staleBefore = new Date(now.getTime() - CONFIRMATION_WAIT_MS).toISOString();
  return job.state === "sent" && job.sentAt! < staleBefore ? job : null;
}

/** The job's bytes for the printer's paper. */
export function jobBody(job: PrintJobRow, type: MediaType, printWidthMm: number | null): Uint8Array {
  return render(JSON.parse(job.document) as PrintDocument, type, printWidthMm);
}

/** Whether CloudPRNT's confirmation `code` says the job printed ("200 OK"; "OK" on some firmware). */
export function isPrintedCode(code: string): boolean {
  return /^2\d\d\b/.test(code) || /^OK$/i.test(code.trim());
}

/**
 * The printer's confirmation of the job in flight (its token's, or its one job in flight):
 * printed, or failed, when it is offered again until PRINT_JOB_MAX_FAILURES failures. Null when
 * the printer has no such job.
 */
export async function confirm(
  db: Database,
  printer: PrinterRow,
  token: string | undefined,
  code: string,
  now: Date,
): Promise<PrintJobRow | null> {
  const which = token ? eq(printJobs.id, token) : sql`1`;
  const [job] = await db
    .select()
    .from(printJobs)
    .where(and(which, eq(printJobs.printerId, printer.id), eq(printJobs.state, "sent")))
    .orderBy(asc(printJobs.sentAt))
    .limit(1);
  if (!job) return null;
  const printed = isPrintedCode(code);
  const failures = printed ? job.failures : job.failures + 1;
  const [confirmed] = await db
    .update(printJobs)
    .set(
      printed
        ? { state: "printed", printedAt: now.toISOString(), lastCode: code }
        : {
            state: failures >= PRINT_JOB_MAX_FAILURES ? "failed" : "queued",
            failures,
            lastCode: code,
            sentAt: null,
            // Labels go back to whichever label printer polls next.
            ...(job.printerKind === "labels" ? { printerId: null } : {}),
          },
    )
    .where(and(eq(printJobs.id, job.id), eq(printJobs.state, "sent")))
    .returning();
  return confirmed ?? null;
}
