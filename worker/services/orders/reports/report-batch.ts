/** The report's reads go to D1 as batches; each statement's cost is noted for the Server-Timing header. */
import type { Database } from "#worker/db/client";
import type { ReportStatement } from "./report-queries";

/** What the reads cost: rows read and the time D1 took, as it reports them, per statement. */
export interface ReadCost {
  statement: string;
  rowsRead: number;
  durationMs: number;
}

/** Runs the statements as one batch (one round trip, one consistent view) and answers their rows in order. */
export async function runAll(db: Database, statements: ReportStatement[], costs: ReadCost[]): Promise<unknown[][]> {
  if (statements.length === 0) return [];
  const d1 = db.$client;
  const results = await d1.batch(statements.map((statement) => d1.prepare(statement.text).bind(...statement.params)));
  return results.map((result, index) => {
    costs.push({
      statement: statements[index]!.name,
      rowsRead: result.meta.rows_read ?? 0,
      durationMs: result.meta.duration ?? 0,
    });
    return result.results;
  });
}
