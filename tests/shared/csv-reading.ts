/** Reading the owner's CSV downloads, for the worker's tests, the journeys and the bench alike. */
import { parse } from "csv-parse/sync";

/** RFC 4180 records (csv-parse): quoted fields, doubled quotes, commas and line breaks inside them. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true }) as string[][];
}

/** A CSV's rows as records keyed by its header. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

/** A money column's sum, in cents. */
export const sumOfCents = (records: Record<string, string>[], column: string) =>
  Math.round(records.reduce((sum, record) => sum + Number(record[column]), 0) * 100);
