import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `column IN ('a', 'b', …)` for a CHECK constraint, built from one of common/'s lists of values.
 * A constraint holds literals, not bound parameters, so the values are quoted here (they are
 * constants of the code, never input).
 */
export function isOneOf(column: SQLiteColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(literals)})`;
}
