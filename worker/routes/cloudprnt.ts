/**
 * Star CloudPRNT's server (worker/services/printers/cloudprnt.ts): the printers call it, with
 * their id and secret as HTTP Basic credentials, never with a session or an Origin, so it lives
 * outside /api/ and its JSON-only check, as Stripe's webhook does outside the staff's API.
 *
 * The server URL a printer is given is `<origin>/printers/cloudprnt`. Firmware that also speaks
 * CloudPRNT over MQTT first asks for `cloudprnt-setting.json` beside it: 404 keeps it on HTTP.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { jsonBody, limitBody, parseOrThrow } from "#worker/lib/json-body";
import { ApiError } from "#worker/lib/errors";
import { rateLimitKey } from "#worker/lib/rate-limit";
import { answerPoll, confirm, handOut, jobBody } from "#worker/services/printers/cloudprnt";
import { authenticatePrinter, printWidthOf, recordPoll, type PrinterRow } from "#worker/services/printers/printers";
import { isMediaType, MEDIA_TYPES } from "#worker/services/printing/render";

/** The printer's status in its poll: what is kept of it is `statusCode`; the rest is the printer's own. */
const pollSchema = z.looseObject({
  statusCode: z.string().min(1).max(200),
  printerMAC: z.string().max(64).optional(),
  jobToken: z.string().max(200).optional(),
});

const tokenField = z.string().min(1).max(200).optional();
/** A job GET: `type` is the media type the printer chose from the poll's list. */
const fetchQuery = z.looseObject({ type: z.string().min(1).max(100), token: tokenField });
/** A confirmation: `code` is "200 OK" for a printed job, a 5xx code (520 …) for one that failed. */
const confirmQuery = z.looseObject({ code: z.string().min(1).max(200), token: tokenField });

/** Percent-encoded by some firmware ("200%20OK"); plain by others. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

const REALM = 'Basic realm="Squeeze printers", charset="UTF-8"';

/** Who called, found before anything the request carries is read. */
const callers = new WeakMap<Request, PrinterRow>();

/** The calling printer, or 401 (429 once a client has sent too many wrong secrets). */
const requirePrinter: MiddlewareHandler<AppEnv> = async (c, next) => {
  const printer = await authenticatePrinter(getDb(c.env.DB), c.req.header("Authorization"));
  if (printer) {
    callers.set(c.req.raw, printer);
    return next();
  }
  const { success } = await c.env.PRINTER_RATE_LIMITER.limit({ key: `printer:${rateLimitKey(c)}` });
  if (!success) {
    throw new ApiError(429, "rate_limited", "Too many wrong printer credentials. Wait a minute.").withRetryAfter(60);
  }
  c.header("WWW-Authenticate", REALM);
  throw new ApiError(401, "unauthorized", "This printer's user name and password are not known.");
};

function callingPrinter(c: Context<AppEnv>): PrinterRow {
  return callers.get(c.req.raw)!;
}

async function confirmJob(c: Context<AppEnv>, query: z.output<typeof confirmQuery>) {
  const printer = callingPrinter(c);
  const job = await confirm(getDb(c.env.DB), printer, query.token, decoded(query.code), new Date());
  if (!job) throw new ApiError(404, "not_found", "No job of this printer's waits for a confirmation.");
  return c.json({ state: job.state });
}

export const cloudPrntRouter = new Hono<AppEnv>()
  .get("/cloudprnt-setting.json", (c) =>
    c.json({ error: { code: "not_found", message: "This server speaks CloudPRNT over HTTP only." } }, 404),
  )
  // Its size first, as every body's (a 413 before anything else), then who is calling.
  .post("/cloudprnt", limitBody(), requirePrinter, ...jsonBody(pollSchema), async (c) => {
    const printer = callingPrinter(c);
    const status = c.req.valid("json");
    const db = getDb(c.env.DB);
    const now = new Date();
    await recordPoll(
      db,
      printer,
      { statusCode: decoded(status.statusCode), printWidthMm: printWidthOf(c.req.header("X-Star-Print-Width")) },
      now,
    );
    return c.json(await answerPoll(db, printer, now));
  })
  .get("/cloudprnt", requirePrinter, async (c) => {
    // A confirmation by GET (the poll's deleteMethod) carries `code` and no `type`.
    if (c.req.query("code") !== undefined && c.req.query("type") === undefined) {
      const query = parseOrThrow(confirmQuery, c.req.query());
      return confirmJob(c, query);
    }
    const query = parseOrThrow(fetchQuery, c.req.query());
    const printer = callingPrinter(c);
    const type = decoded(query.type);
    if (!isMediaType(type)) {
      throw new ApiError(415, "unsupported_media_type", `type: one of ${MEDIA_TYPES.join(", ")}`, "type");
    }
    const job = await handOut(getDb(c.env.DB), printer, query.token, new Date());
    if (!job) throw new ApiError(404, "not_found", "No job is ready for this printer.");
    const width = printWidthOf(c.req.header("X-Star-Print-Width")) ?? printer.printWidthMm;
    return c.body(jobBody(job, type, width) as Uint8Array<ArrayBuffer>, 200, { "Content-Type": type });
  })
  .delete("/cloudprnt", limitBody(), requirePrinter, (c) => confirmJob(c, parseOrThrow(confirmQuery, c.req.query())));
