import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import type { PrinterKind } from "#common/printing";
import { getDb } from "#worker/db/client";
import { printJobs, printers } from "#worker/db/schema";
import { sha256Hex } from "#worker/lib/sha256";
import { api } from "./helpers";

export const db = getDb(env.DB);
export const SERVER_PATH = "/printers/cloudprnt";

export interface TestPrinter {
  id: string;
  password: string;
  authorization: string;
}

/** A printer as `npm run printer:add` writes it: its secret kept as a hash. */
export async function addPrinter(
  locationId: string,
  kind: PrinterKind,
  name = `${kind} printer`,
): Promise<TestPrinter> {
  const id = `prn-${crypto.randomUUID().slice(0, 12)}`;
  const password = crypto.randomUUID() + crypto.randomUUID();
  await db.insert(printers).values({ id, locationId, name, kind, secretHash: await sha256Hex(password) });
  return { id, password, authorization: `Basic ${btoa(`${id}:${password}`)}` };
}

export async function removePrinters(): Promise<void> {
  await db.delete(printJobs);
  await db.delete(printers);
}

/** A poll as the printer makes it: its status JSON, and its paper's width. */
export function poll(printer: Pick<TestPrinter, "authorization">, status: unknown = { statusCode: "200%20OK" }) {
  return api(SERVER_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: printer.authorization, "X-Star-Print-Width": "72" },
    body: typeof status === "string" ? status : JSON.stringify(status),
  });
}

export function fetchJob(printer: TestPrinter, type: string, token?: string) {
  const query = new URLSearchParams({ mac: "00:11:62:00:00:01", type, ...(token ? { token } : {}) });
  return api(`${SERVER_PATH}?${query}`, {
    headers: { Authorization: printer.authorization, "X-Star-Print-Width": "72" },
  });
}

export function confirmJob(printer: TestPrinter, code: string, token?: string, method: "DELETE" | "GET" = "DELETE") {
  const query = new URLSearchParams({ mac: "00:11:62:00:00:01", code, ...(token ? { token } : {}) });
  return api(`${SERVER_PATH}?${query}${method === "GET" ? "&delete" : ""}`, {
    method,
    headers: { Authorization: printer.authorization },
  });
}

export function jobsOf(orderId: string) {
  return db
    .select()
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId))
    .orderBy(asc(printJobs.createdAt), asc(printJobs.kind));
}

export async function printerRow(id: string) {
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  return row!;
}
