/**
 * What the board shows of printing: the shop's printers, and where each recent order's ticket and
 * labels stand; and "Print again".
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { OrderPrintState, ReprintKind, StaffPrinting } from "#common/printing";
import { asBatch } from "#worker/db/batch";
import type { Database } from "#worker/db/client";
import { locations, printJobs, printers } from "#worker/db/schema";
import { ApiError } from "#worker/lib/errors";
import { loadOrder, shopOrder } from "#worker/services/orders/loading";
import { labelsDocument, printableOrder, ticketDocument } from "#worker/services/printing/document";

/** The board's orders are today's: jobs older than this are not asked about. */
const BOARD_JOBS_HOURS = 36;

/** One kind's jobs of an order: printed once any printed; failed when all were given up. */
function stateOf(states: string[]): OrderPrintState {
  if (states.includes("printed")) return "printed";
  if (states.every((state) => state === "failed")) return "failed";
  return "waiting";
}

export async function boardPrinting(db: Database, locationId: string, now = new Date()): Promise<StaffPrinting> {
  const since = new Date(now.getTime() - BOARD_JOBS_HOURS * 60 * 60_000).toISOString();
  const [printerRows, jobRows] = await db.batch([
    db
      .select({
        id: printers.id,
        name: printers.name,
        kind: printers.kind,
        condition: printers.condition,
        lastSeenAt: printers.lastPollAt,
      })
      .from(printers)
      .where(eq(printers.locationId, locationId))
      .orderBy(asc(printers.kind), asc(printers.name)),
    db
      .select({ orderId: printJobs.orderId, kind: printJobs.kind, state: printJobs.state })
      .from(printJobs)
      .where(
        and(
          eq(printJobs.locationId, locationId),
          inArray(printJobs.kind, ["ticket", "labels"]),
          gte(printJobs.createdAt, since),
        ),
      ),
  ]);
  const states = new Map<string, Map<ReprintKind, string[]>>();
  for (const job of jobRows) {
    const byKind = states.get(job.orderId) ?? new Map<ReprintKind, string[]>();
    const kind = job.kind as ReprintKind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), job.state]);
    states.set(job.orderId, byKind);
  }
  const paper: StaffPrinting["orders"] = {};
  for (const [orderId, byKind] of states) {
    paper[orderId] = Object.fromEntries([...byKind].map(([kind, list]) => [kind, stateOf(list)]));
  }
  return { printers: printerRows, orders: paper };
}

/**
 * "Print again": the order's ticket on every ticket printer of the shop, or its labels on the first
 * label printer to poll. 404 for an order the shop's staff may not see; 409 `no_printer` when the
 * shop has no printer of that kind.
 */
export async function printAgain(db: Database, locationId: string, orderId: string, kind: ReprintKind): Promise<void> {
  const order = await loadOrder(db, shopOrder(locationId, orderId));
  if (!order) throw new ApiError(404, "not_found", "No such order at this shop");
  const printerKind = kind === "ticket" ? "tickets" : "labels";
  const [shopPrinters, [shop]] = await db.batch([
    db
      .select({ id: printers.id })
      .from(printers)
      .where(and(eq(printers.locationId, locationId), eq(printers.kind, printerKind))),
    db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId)),
  ]);
  if (shopPrinters.length === 0) {
    throw new ApiError(409, "no_printer", `This shop has no ${kind === "ticket" ? "ticket" : "label"} printer.`);
  }
  const printable = printableOrder(order, shop?.name ?? "");
  const document = JSON.stringify(kind === "ticket" ? ticketDocument(printable) : labelsDocument(printable));
  const common = { locationId, orderId, kind, printerKind, document, state: "queued" } as const;
  const rows =
    kind === "ticket"
      ? shopPrinters.map((printer) => ({ ...common, id: crypto.randomUUID(), printerId: printer.id }))
      : [{ ...common, id: crypto.randomUUID(), printerId: null }];
  await db.batch(asBatch(rows.map((row) => db.insert(printJobs).values(row))));
}
