/** Reading the owner's CSV downloads, for the worker's tests and the journeys alike. */

/** RFC 4180: fields split on commas, quoted fields with doubled quotes, records on CRLF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A CSV's rows as records keyed by its header. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

/** A money column's sum, in cents. */
export const sumOfCents = (records: Record<string, string>[], column: string) =>
  Math.round(records.reduce((sum, record) => sum + Number(record[column]), 0) * 100);
