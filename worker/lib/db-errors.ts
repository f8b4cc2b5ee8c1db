/**
 * D1 reports a refused write as an error whose message (or its cause's) names the constraint.
 * These read it, so a service can tell "this was already done" from a real failure.
 */

/** The messages of an error and its causes, joined, for matching and for logs. */
export function errorMessages(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof Error) {
      messages.push(current.message);
      current = current.cause;
    } else {
      messages.push(String(current));
      break;
    }
  }
  return messages.join(" | ");
}

/** A UNIQUE index or primary key refused a row; `column` is `table.column` as SQLite names it. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const text = errorMessages(error);
  return text.includes("UNIQUE constraint failed") && text.includes(column);
}

/** A NOT NULL column refused a NULL; `column` is `table.column` as SQLite names it. */
export function isNotNullViolation(error: unknown, column: string): boolean {
  const text = errorMessages(error);
  return text.includes("NOT NULL constraint failed") && text.includes(column);
}
