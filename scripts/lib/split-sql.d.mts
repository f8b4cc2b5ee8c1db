/** Splits a .sql file into the statements D1 runs one by one (see split-sql.mjs). */
export function splitSql(sql: string): string[];
