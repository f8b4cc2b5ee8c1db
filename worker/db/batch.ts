import { getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/** D1 binds at most this many values to one statement ("too many SQL variables" beyond). */
export const D1_MAX_BOUND_VALUES = 100;

/** `items` in runs of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`Chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * How many rows of `table` one INSERT may carry: every column may be bound (drizzle binds each
 * value it is given), so the column count is the safe upper bound per row.
 */
export function rowsPerInsert(table: SQLiteTable): number {
  return Math.max(1, Math.floor(D1_MAX_BOUND_VALUES / Object.keys(getTableColumns(table)).length));
}

/**
 * A multi-row insert as statements that each stay within D1's bound-value limit. Put them all
 * in the same `db.batch([...])`: the batch is one transaction, so the rows are still written
 * all together or not at all. Every multi-row insert goes through here.
 */
export function insertRows<Table extends SQLiteTable>(
  db: Database,
  table: Table,
  rows: SQLiteInsertValue<Table>[],
): BatchItem<"sqlite">[] {
  return chunk(rows, rowsPerInsert(table)).map((part) => db.insert(table).values(part));
}

/**
 * Values for an `IN (...)` list, in runs that fit one statement beside `otherBoundValues`
 * other parameters. Query each run and join the results.
 */
export function inListChunks<T>(values: readonly T[], otherBoundValues = 0): T[][] {
  return chunk(values, D1_MAX_BOUND_VALUES - otherBoundValues);
}

/** The statements as `db.batch` takes them: at least one. */
export function asBatch<T extends BatchItem<"sqlite">>(statements: T[]): [T, ...T[]] {
  if (statements.length === 0) throw new Error("An empty batch has nothing to write");
  return statements as [T, ...T[]];
}
