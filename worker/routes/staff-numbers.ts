import { Hono, type Context } from "hono";
import { numbersQuerySchema, type NumbersResponse, type NumbersShop } from "#common/numbers";
import { getDb } from "#worker/db/client";
import type { AppEnv } from "#worker/env";
import { ApiError } from "#worker/lib/errors";
import { validate } from "#worker/lib/validation";
import {
  EXPORT_QUERY_LIMIT,
  exportFileName,
  loadNumbers,
  plannedQueries,
  streamExport,
  type ExportKind,
  type ReadCost,
} from "#worker/services/orders/reports";

function countedShops(viewable: NumbersShop[], location: string | undefined): NumbersShop[] {
  if (location === undefined) return viewable;
  const shop = viewable.find((candidate) => candidate.id === location);
  if (!shop) throw new ApiError(403, "forbidden", "You may not see this shop's numbers", "location");
  return [shop];
}

function exportRoute(kind: ExportKind) {
  return async (c: Context<AppEnv, string, { out: { query: ReturnType<typeof numbersQuerySchema.parse> } }>) => {
    const { from, to, location } = c.req.valid("query");
    const shops = countedShops(c.get("numbersShops")!, location);
    const db = getDb(c.env.DB);
    const queries = await plannedQueries(db, kind, shops, from, to);
    if (queries === null || queries > EXPORT_QUERY_LIMIT) {
      throw new ApiError(
        422,
        "export_too_large",
        "This export is too large for one download: export one shop at a time, or fewer days.",
        "location",
      );
    }
    const body = streamExport(db, kind, shops, from, to);
    return new Response(body, {
      headers: {
        // What the export asks of D1, for `npm run bench` and the tests that hold it.
        "X-Export-Queries": String(queries),
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(kind, shops, from, to)}"`,
        "Cache-Control": "no-store",
      },
    });
  };
}

/**
 * The owner's numbers: `GET /api/staff/numbers?from&to&location`, and its CSV exports. Whose
 * numbers the caller may see (`c.var.numbersShops`) is settled by the staff guard (worker/app.ts);
 * `?location=` narrows them to one, 403 for a shop not among them.
 */
export const staffNumbersRouter = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  })
  .get("/", validate("query", numbersQuerySchema), async (c) => {
    const { from, to, location } = c.req.valid("query");
    const viewable = c.get("numbersShops")!;
    const costs: ReadCost[] = [];
    const started = Date.now();
    const figures = await loadNumbers(getDb(c.env.DB), countedShops(viewable, location), from, to, {
      costs,
      withOutstanding: c.get("numbersOwner") === true,
    });
    const rowsRead = costs.reduce((sum, cost) => sum + cost.rowsRead, 0);
    // What the report cost, for `npm run bench`: its time, then each query's time and rows read.
    const reads = costs.map(
      (cost, index) => `q${index};dur=${cost.durationMs};desc="${cost.statement}: ${cost.rowsRead} rows read"`,
    );
    c.header("Server-Timing", [`report;dur=${Date.now() - started};desc="${rowsRead} rows read"`, ...reads].join(", "));
    return c.json({ ...figures, viewable } satisfies NumbersResponse);
  })
  .get("/orders.csv", validate("query", numbersQuerySchema), exportRoute("orders"))
  .get("/lines.csv", validate("query", numbersQuerySchema), exportRoute("lines"));
