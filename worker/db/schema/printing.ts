/**
 * The shop's CloudPRNT printers and the jobs they print (worker/services/printers/ and printing/,
 * docs/decisions/0039-cloud-printers.md). Printers are the owner's SQL (`npm run printer:add`).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRINTER_CONDITIONS, PRINTER_KINDS, PRINT_JOB_KINDS, PRINT_JOB_STATES } from "#common/printing";
import { isOneOf } from "#worker/db/checks";
import { createdAt } from "./columns";
import { locations } from "./locations";
import { orders } from "./orders";

export const printers = sqliteTable(
  "printers",
  {
    /** Also the user name the printer presents (HTTP Basic). */
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: PRINTER_KINDS }).notNull(),
    /** SHA-256 (hex) of the printer's password: a long random secret, never a person's. */
    secretHash: text("secret_hash").notNull(),
    /** What its last poll said; NULL before the first. */
    condition: text("condition", { enum: PRINTER_CONDITIONS }),
    /** The printer's own words for it (CloudPRNT's statusCode, e.g. "200 OK"). */
    statusCode: text("status_code"),
    /** When the condition was last written (when it changed, else at most once a minute). */
    conditionAt: text("condition_at"),
    /** When it last polled, written at most every PRINTER_SEEN_WRITE_SECONDS. */
    lastPollAt: text("last_poll_at"),
    /** The paper's printable width in millimetres, as the printer sends it (X-Star-Print-Width). */
    printWidthMm: integer("print_width_mm"),
    createdAt: createdAt(),
  },
  (table) => [
    index("printers_location_idx").on(table.locationId, table.kind),
    check("printers_kind_known", isOneOf(table.kind, PRINTER_KINDS)),
    check(
      "printers_condition_known",
      sql`${table.condition} IS NULL OR ${isOneOf(table.condition, PRINTER_CONDITIONS)}`,
    ),
    check("printers_name_not_blank", sql`length(trim(${table.name})) > 0`),
  ],
);

/**
 * What a printer prints: written with the change that calls for it (an order reaching the board,
 * a cancellation) or by "Print again", with its content, so a job never depends on the order as
 * it is later. A ticket is written for one printer; labels for the shop's first label printer to
 * poll (`printer_id` NULL until then).
 */
export const printJobs = sqliteTable(
  "print_jobs",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PRINT_JOB_KINDS }).notNull(),
    /** The printer kind that prints it. */
    printerKind: text("printer_kind", { enum: PRINTER_KINDS }).notNull(),
    printerId: text("printer_id").references(() => printers.id, { onDelete: "cascade" }),
    /** The document (worker/services/printing/document.ts), as JSON. */
    document: text("document").notNull(),
    state: text("state", { enum: PRINT_JOB_STATES }).notNull().default("queued"),
    /**
     * One job per order, kind and printer for what the board calls for: a second write of it (an
     * order ahead seen by two printers' polls at once) is ignored. NULL for "Print again".
     */
    onceKey: text("once_key"),
    /** When it was last handed to a printer; not confirmed within a minute, it is offered again. */
    sentAt: text("sent_at"),
    failures: integer("failures").notNull().default(0),
    /** The printer's last confirmation code ("200 OK", "520 …"). */
    lastCode: text("last_code"),
    printedAt: text("printed_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("print_jobs_once_idx").on(table.onceKey),
    index("print_jobs_location_state_idx").on(table.locationId, table.state, table.createdAt),
    index("print_jobs_order_idx").on(table.orderId),
    check("print_jobs_kind_known", isOneOf(table.kind, PRINT_JOB_KINDS)),
    check("print_jobs_printer_kind_known", isOneOf(table.printerKind, PRINTER_KINDS)),
    check("print_jobs_state_known", isOneOf(table.state, PRINT_JOB_STATES)),
  ],
);
