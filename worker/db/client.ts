import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * drizzle() walks the whole schema to build its relational config, which costs more than most
 * queries; the instance holds nothing but the binding, so one per binding serves every request
 * of the isolate.
 */
const databases = new WeakMap<D1Database, Database>();

export function getDb(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = createDb(d1);
    databases.set(d1, db);
  }
  return db;
}
